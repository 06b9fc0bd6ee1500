import { join } from "node:path";
import { clearDesign } from "../engine/kicad/cli/cleared-design.js";
import { ercArguments } from "../engine/kicad/cli/erc.js";
import { withKicadCli } from "../engine/kicad/cli/run-kicad-cli.js";
import { preflightDesign } from "../engine/kicad/preflight/preflight-design.js";
import { type Bench, medianMs } from "./bench.js";
import { DEMOS } from "./demo-roots.js";

/**
 * The pre-flight every kicad-cli call on a design now pays — the whole project of KiCad's
 * biggest demo, vme-wren: 45 sheet files (21 MB) parsed, both library tables, the 70 MB
 * board's 3-D models — against the kicad-cli ERC it guards, measured in the same run.
 */
export const preflightBench: Bench = {
  name: "design pre-flight",
  async run() {
    const schematic = join(DEMOS, "vme-wren", "vme-wren.kicad_sch");
    const board = join(DEMOS, "vme-wren", "vme-wren.kicad_pcb");
    const first = await preflightDesign({ schematic, board }); // warm-up (JIT)
    if (first.findings.length > 0) throw new Error(first.findings[0]?.message);
    const preflightMs = await medianMs(3, () => preflightDesign({ schematic, board }));
    const { cleared } = await clearDesign({ schematic });
    const ercMs = await medianMs(1, () =>
      withKicadCli(
        cleared,
        (work) => ercArguments(work.out("e.json"), schematic),
        async (run) => run.rc,
      ),
    );
    return [
      {
        label: "pre-flight of vme-wren (sheets, tables, board models) vs one kicad-cli sch erc",
        measured: `${preflightMs.toFixed(0)} ms vs ${ercMs.toFixed(0)} ms`,
        ratio: preflightMs / ercMs,
        target: { op: "<=", value: 0.25 },
      },
    ];
  },
};
