import type { Point } from "../../symbol/geometry.js";

/**
 * A labelled stub a local wire may start from: `at` its free end, `from` its pin end (the
 * router keeps wires and labels off the line between them).
 */
export interface StubEnd {
  at: Point;
  from: Point;
}
