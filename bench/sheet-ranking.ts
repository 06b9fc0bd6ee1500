/**
 * An engineer's readability ranking of 14 schematics, judged from kicad-cli renders only
 * (review of 2026-12-01; the reasons are summarised in docs/score.md). `demo` sheets are
 * KiCad demo roots, `example` our drafts of examples/intents, `redraft` our `draft --from` of
 * a demo. The odd ranks chose the score's weights (docs/score.md); the even ranks are held out.
 */
export interface RankedSheet {
  rank: number;
  grade: number;
  kind: "demo" | "example" | "redraft";
  /** Demo root below the demos folder, or the example's name. */
  source: string;
}

export const SHEET_RANKING: readonly RankedSheet[] = [
  {
    rank: 1,
    grade: 8,
    kind: "demo",
    source: "simulation/power_supplies/LM317_power_supply/power_supply.kicad_sch",
  },
  { rank: 2, grade: 7, kind: "demo", source: "simulation/sallen_key/sallen_key.kicad_sch" },
  { rank: 3, grade: 7, kind: "demo", source: "pic_programmer/pic_programmer.kicad_sch" },
  { rank: 4, grade: 6, kind: "demo", source: "stickhub/StickHub.kicad_sch" },
  {
    rank: 5,
    grade: 6,
    kind: "demo",
    source: "kit-dev-coldfire-xilinx_5213/kit-dev-coldfire-xilinx_5213.kicad_sch",
  },
  { rank: 6, grade: 6, kind: "demo", source: "ecc83/ecc83-pp.kicad_sch" },
  { rank: 7, grade: 6, kind: "example", source: "usb-c-breakout" },
  { rank: 8, grade: 5, kind: "example", source: "mcu-opamp-board" },
  { rank: 9, grade: 5, kind: "demo", source: "video/video.kicad_sch" },
  { rank: 10, grade: 5, kind: "demo", source: "interf_u/interf_u.kicad_sch" },
  { rank: 11, grade: 4, kind: "example", source: "sensor-hub" },
  {
    rank: 12,
    grade: 3,
    kind: "redraft",
    source: "simulation/power_supplies/LM317_power_supply/power_supply.kicad_sch",
  },
  { rank: 13, grade: 3, kind: "redraft", source: "ecc83/ecc83-pp.kicad_sch" },
  { rank: 14, grade: 2, kind: "redraft", source: "stickhub/StickHub.kicad_sch" },
];

/** The half the weights were chosen on; the rest is held out. */
export const isCalibrationHalf = (s: RankedSheet) => s.rank % 2 === 1;
