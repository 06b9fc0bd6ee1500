/**
 * Every geometric comparison in copperhead's checkers allows this much slack (mm). KiCad stores
 * schematic coordinates in 100 nm units and writes at most 4 decimals, so two coordinates meant
 * to be equal never differ by more than rounding noise, while 0.01 mm is far below anything a
 * reader of the drawing could see.
 */
export const TOLERANCE_MM = 0.01;
