import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CopperheadError, describeError } from "../engine/errors.js";
import { erc } from "../engine/kicad/cli/erc.js";
import { exportNetlist } from "../engine/kicad/cli/export-netlist.js";
import { draftProject } from "../engine/kicad/draft/draft-project.js";
import type { Intent } from "../engine/kicad/draft/intent.js";
import type { SymbolCatalog } from "../engine/kicad/library/symbol-catalog.js";
import { loadSchematicHierarchy } from "../engine/kicad/schematic/hierarchy.js";
import { parseKicadNetlist } from "../engine/kicad/schematic/kicad-netlist.js";
import { netlist } from "../engine/kicad/schematic/netlist/netlist.js";
import { type Breakout, breakoutIntent, type SkipReason } from "./breakout-intent.js";

/** What went wrong with a breakout, worst first: the kind a failure is counted under. */
export type FailureKind =
  | "engine-fault"
  | "does-not-fit"
  | "intent-finding"
  | "legibility-error"
  | "erc"
  | "nets-differ"
  | "crash";

export type BreakoutOutcome =
  | { libId: string; verdict: "pass"; paper: string; joined: number; ms: number }
  | { libId: string; verdict: "skip"; reason: SkipReason; detail: string }
  | { libId: string; verdict: "fail"; kind: FailureKind; detail: string };

export interface CheckOptions {
  catalog: SymbolCatalog;
  seed?: number;
  /** Skip kicad-cli (ERC and its netlist): a quick pass over the drafter's own checks. */
  drafterOnly?: boolean;
  /** Keep the drafted files here (one folder per symbol) instead of a deleted temp folder. */
  keep?: string;
}

const nodesOf = (nets: readonly { nodes: readonly { ref: string; pin: string }[] }[]) =>
  nets.map((n) => n.nodes.map((x) => `${x.ref}.${x.pin}`).sort());

/**
 * The drawn nets against the breakout's: every expected net drawn exactly, and nothing else
 * joined. Drawn nets of only unlisted pins (a no-connect stack) are not the intent's business.
 */
export function netDifference(expected: readonly string[][], drawn: readonly string[][]): string {
  const listed = new Set(expected.flat());
  const want = new Set(expected.map((n) => n.join(" ")));
  const got = new Set(
    drawn.filter((n) => n.length > 1 && n.some((p) => listed.has(p))).map((n) => n.join(" ")),
  );
  const missing = [...want].filter((n) => !got.has(n));
  const extra = [...got].filter((n) => !want.has(n));
  if (missing.length === 0 && extra.length === 0) return "";
  return `expected ${missing.map((n) => `{${n}}`).join(", ") || "nothing more"}; drawn ${extra.map((n) => `{${n}}`).join(", ") || "nothing else"}`;
}

/**
 * Builds one symbol's breakout and proves it with `checkDraft`.
 */
export async function checkBreakout(
  libId: string,
  options: CheckOptions,
): Promise<BreakoutOutcome> {
  const found = await options.catalog.resolve(libId);
  if (!found.ok) return { libId, verdict: "fail", kind: "crash", detail: found.message };
  const breakout: Breakout = breakoutIntent(found.symbol, options.seed);
  if (!breakout.ok)
    return { libId, verdict: "skip", reason: breakout.reason, detail: breakout.detail };
  return checkDraft(libId, breakout, options);
}

/**
 * Drafts an intent as `copperhead draft` does (draftProject: validate, place, wire, write, then
 * the legibility check) and proves it: no error-severity legibility finding, the nets under our
 * netlister and kicad-cli's both equal to `expected`, and kicad-cli ERC clean at every severity.
 */
export async function checkDraft(
  libId: string,
  breakout: { intent: Intent; expected: string[][]; leftOut: readonly string[] },
  options: Omit<CheckOptions, "seed">,
): Promise<BreakoutOutcome> {
  const started = performance.now();
  const dir = options.keep
    ? join(options.keep, libId.replace(/[^A-Za-z0-9_.-]/g, "_"))
    : await mkdtemp(join(tmpdir(), "copperhead-fuzz-"));
  try {
    await mkdir(dir, { recursive: true });
    const intentPath = join(dir, "breakout.intent.json");
    await writeFile(intentPath, `${JSON.stringify(breakout.intent, null, 2)}\n`);
    const sheetPath = join(dir, "breakout.kicad_sch");
    const drafted = await draftProject({
      intentPath,
      sheetPath,
      docsDir: join(dir, "docs"),
      catalog: options.catalog,
    });
    if (!drafted.ok) {
      const first = drafted.findings[0];
      const kind: FailureKind =
        first?.kind === "engine-fault"
          ? "engine-fault"
          : first?.kind === "does-not-fit"
            ? "does-not-fit"
            : "intent-finding";
      const detail = drafted.findings.map((f) => `[${f.kind}] ${f.path} ${f.detail}`).join("; ");
      return { libId, verdict: "fail", kind, detail };
    }
    const errors = drafted.legibility.findings.filter((f) => f.severity === "error");
    if (errors.length > 0)
      return {
        libId,
        verdict: "fail",
        kind: "legibility-error",
        detail: errors.map((f) => `[${f.kind}] ${f.detail}`).join("; "),
      };
    const ours = netDifference(
      breakout.expected,
      nodesOf(netlist(await loadSchematicHierarchy(sheetPath)).nets),
    );
    if (ours) return { libId, verdict: "fail", kind: "nets-differ", detail: `ours: ${ours}` };
    if (!options.drafterOnly) {
      const [report, exported] = await Promise.all([erc(sheetPath), exportNetlist(sheetPath)]);
      if (report.violations.length > 0)
        return {
          libId,
          verdict: "fail",
          kind: "erc",
          detail: report.violations
            .map((v) => `${v.severity} ${v.type}: ${v.description}`)
            .join("; "),
        };
      const theirs = netDifference(breakout.expected, nodesOf(parseKicadNetlist(exported).nets));
      if (theirs)
        return { libId, verdict: "fail", kind: "nets-differ", detail: `kicad-cli: ${theirs}` };
    }
    return {
      libId,
      verdict: "pass",
      paper: drafted.report.paper,
      joined: breakout.leftOut.length,
      ms: performance.now() - started,
    };
  } catch (error) {
    return {
      libId,
      verdict: "fail",
      kind: "crash",
      // A CopperheadError's message leaves its fix out (describeError joins them); the stack
      // says where anything else came from.
      detail:
        error instanceof CopperheadError
          ? describeError(error)
          : String((error as Error).stack ?? error),
    };
  } finally {
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
}
