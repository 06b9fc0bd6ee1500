import { join, relative } from "node:path";
import { z } from "zod";
import { UsageError } from "../../errors.js";
import { readLayoutConstraints } from "../../kicad/layout/inputs/read-constraints.js";
import { renderLayoutFindings } from "../../kicad/layout/layout-finding.js";
import { layoutProject } from "../../kicad/layout/layout-project.js";
import { layoutTarget } from "../../kicad/layout/layout-target.js";
import { withDraftQuality } from "../../kicad/layout/report/draft-quality-section.js";
import { renderLayoutReport } from "../../kicad/layout/report/render-report.js";
import { readConfig } from "../../repo/config.js";
import { readOptional } from "../../repo/read-optional.js";
import type { MutatedFact } from "../ledger/facts.js";
import type { ToolResult } from "../tool.js";
import { atomicWrite } from "./atomic-write.js";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./tool-error.js";
import { mutationKind } from "./tool-facts.js";

export const layoutBoardArgs = z.object({
  place_only: z
    .boolean()
    .default(false)
    .describe("place without routing: every net is left to route (the default places and routes)"),
});

/**
 * layout_board: lays out the configured board from the schematic beside it — footprints from
 * the libraries (vendored, fp-lib-table merged), outline and holes from the constraints,
 * connectors on their edges, decoupling caps at their pins, references on the silkscreen, every
 * net routed on two layers (unless place_only), the ground pour filled — and writes the placement report into `<docs>/LAYOUT.md` under
 * `## Draft quality`. A finding that stops the layout writes nothing. The board is a mutation,
 * so the ledger opens the DRC obligation that run_drc clears.
 */
export const layoutBoardTool = defineTool({
  name: "layout_board",
  description:
    "Lay out the configured board (paths.board, or the schematic's name with .kicad_pcb) from its schematic: places every footprint inside the outline from .copperhead/constraints.json (board.width_mm, board.height_mm, board.mounting_holes, board.mounting_hole_screw, board.edge.<REF>, board.keepout.<name>), routes every net on F.Cu and B.Cu (place_only skips it; nets it cannot route are named), fills the ground pour, writes the board and the report into docs/LAYOUT.md (## Draft quality). Returns the report, or numbered findings (unknown footprints with the closest real ones, a board too small) and writes nothing.",
  schema: layoutBoardArgs,
  mutating: true,
  async run(args, context): Promise<ToolResult> {
    const config = await readConfig(context.repo);
    let target: ReturnType<typeof layoutTarget>;
    try {
      target = layoutTarget(context.repo, config.paths);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      throw new ToolError(
        "refused",
        "no board is configured (paths.board and paths.schematic in .copperhead/config.json are empty)",
        "finish with outcome refuse and ask for the schematic stage to run first",
      );
    }
    const board = await confinePath(context.repo, relative(context.repo, target.board));
    const result = await layoutProject({
      board: board.absolute,
      constraints: await readLayoutConstraints(context.repo),
      config: config.layout,
      intentPaths: target.intentPaths,
      env: context.env,
      placeOnly: args.place_only,
    });
    if (!result.ok) {
      return {
        ok: false,
        errorKind: "check-failed",
        summary: `layout_board: ${result.findings.length} finding(s), nothing written`,
        detail: `${renderLayoutFindings(result.findings)}\nnothing was written: ${board.relative} is unchanged. Fix the schematic's footprints or the board constraints and call layout_board again.`,
      };
    }
    const docPath = await confinePath(context.repo, join(config.paths.docs, "LAYOUT.md"));
    const section = renderLayoutReport(result.report, board.relative);
    const doc = withDraftQuality(await readOptional(docPath.absolute), section);
    await atomicWrite(docPath.absolute, doc);
    const mutated: MutatedFact[] = [...result.written, docPath.absolute].map((file) => {
      const path = relative(context.repo, file).split("\\").join("/");
      return { kind: mutationKind(path), path };
    });
    const r = result.report;
    const routing = r.routing;
    const routed = routing
      ? `${routing.routed} of ${routing.nets} net(s) routed, ${routing.vias} via(s)${routing.unrouted.length > 0 ? `; not routed: ${routing.unrouted.map((n) => n.net).join(", ")}` : ""}`
      : `${r.unrouted.length} net(s) to route`;
    const after = !routing
      ? "The board is placed, not routed: run_drc reports the unconnected items until it is."
      : routing.unrouted.length > 0
        ? "Some nets are not routed: run_drc reports their unconnected items; name them to the person."
        : "Every net is routed: run_drc next to confirm the board is clean.";
    return {
      ok: true,
      summary: `laid out ${board.relative}: ${r.parts} parts on ${r.board.width} x ${r.board.height} mm, ratsnest ${Math.round(r.ratsnest)} mm, ${routed}`,
      detail: `${section}\nwritten: ${mutated.map((m) => m.path).join(", ")}\n${after}`,
      facts: { mutated },
    };
  },
});
