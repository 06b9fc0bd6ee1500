import type { Box } from "../../symbol/geometry.js";

/** Something a wire must not touch: a body, a field, another pin's stub and label. */
export interface Obstacle {
  /** The pin (`REF.PIN`) whose attachment this is; undefined for bodies and fields. */
  pin?: string;
  box: Box;
}
