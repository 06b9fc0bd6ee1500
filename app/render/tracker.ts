import type { Cost, Outcome } from "../../engine/flow/outcome.js";
import { type DesignView, runInFlight, type StageState, stageState } from "../design-view.js";
import { continuationOf, requestIdOf } from "../names.js";
import { ledgerLine } from "./ledger.js";
import { code, inline, truncate } from "./markdown.js";
import { TRACKER_MARKER } from "./markers.js";

const STATE_LABEL: Record<StageState, string> = {
  passed: "✅ passed",
  failed: "❌ failed",
  blocked: "⛔ blocked",
  running: "🔄 running",
  queued: "⏳ queued",
  skipped: "➖ skipped",
  cancelled: "🚫 cancelled",
  "timed-out": "⌛ timed out",
  "not-run": "⚪ not run",
};

function kilo(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** "12 turns · 4.1k in / 1.2k out · 35 s" (cache hits when there were any). */
export function costLine(c: Cost): string {
  const cache = c.cacheHits > 0 ? ` · ${c.cacheHits} cached` : "";
  return `${c.turns} turns · ${kilo(c.tokensIn)} in / ${kilo(c.tokensOut)} out${cache} · ${duration(c.wallMs)}`;
}

function sum(outcomes: readonly Outcome[]): Cost {
  const total: Cost = { wallMs: 0, turns: 0, tokensIn: 0, tokensOut: 0, cacheHits: 0 };
  for (const o of outcomes) {
    total.wallMs += o.cost.wallMs;
    total.turns += o.cost.turns;
    total.tokensIn += o.cost.tokensIn;
    total.tokensOut += o.cost.tokensOut;
    total.cacheHits += o.cost.cacheHits;
  }
  return total;
}

/** A render path on the branch, linked through GitHub's raw URL (works for private repos). */
function rawUrl(view: DesignView, path: string): string {
  const safe = path.split("/").map(encodeURIComponent).join("/");
  return `${view.repo.htmlUrl}/raw/${view.branch.split("/").map(encodeURIComponent).join("/")}/${safe}`;
}

function renders(view: DesignView): string[] {
  const wanted = [
    { stage: "schematic", file: "schematic.png", alt: "schematic" },
    { stage: "layout", file: "board.png", alt: "board" },
  ];
  const out: string[] = [];
  for (const w of wanted) {
    const o = view.stages.find((s) => s.stage === w.stage)?.outcome;
    const path = o?.renders.find(
      (r) => r.endsWith(`/renders/${w.file}`) || r === `renders/${w.file}`,
    );
    if (!o || !path) continue;
    const full = path.startsWith(".copperhead/")
      ? path
      : `.copperhead/runs/${o.stage}/${o.attempt}/${path}`;
    out.push(`[![${w.alt}](${rawUrl(view, full)})](${rawUrl(view, full)})`);
  }
  return out;
}

function headline(view: DesignView, states: StageState[]): string {
  const run = view.run;
  if (runInFlight(run)) {
    const now = view.stages.filter((_, i) => states[i] === "running").map((s) => s.stage);
    const n = continuationOf(requestIdOf(run!.displayTitle));
    return `**Running**${now.length ? `: ${now.map((s) => code(s)).join(", ")}` : ""} · [workflow run](${run!.htmlUrl})${n > 0 ? ` · automatic continuation ${n}` : ""}`;
  }
  const enabled = states.filter((s) => s !== "skipped");
  if (enabled.length > 0 && enabled.every((s) => s === "passed"))
    return "**Done**: every stage passed.";
  if (run?.conclusion === "cancelled")
    return `**Stopped**: the [run](${run.htmlUrl}) was cancelled.`;
  if (run?.conclusion === "timed_out")
    return `**Timed out**: the [run](${run.htmlUrl}) hit its time limit.`;
  if (states.some((s) => s === "failed" || s === "blocked"))
    return `**Needs attention**: a stage failed${run ? ` ([run](${run.htmlUrl}))` : ""}.`;
  if (run) return `**Stopped** before every stage ran ([run](${run.htmlUrl})).`;
  return "**Waiting**: no design run yet.";
}

/**
 * The tracker comment: one per design, found again by its marker and edited in place. It is
 * rendered from the branch and the run every time, never patched from its own old text.
 */
export function renderTracker(view: DesignView): string {
  const states = view.stages.map((s) => stageState(s, view.run));
  const subject =
    view.origin.kind === "issue" ? `issue #${view.origin.number}` : code(view.origin.path);
  const ledger = view.ledger ? ledgerLine(view.ledger) : null;
  const lines = [
    TRACKER_MARKER,
    ...(ledger ? [ledger] : []),
    `### copperhead · design for ${subject}`,
    "",
    headline(view, states),
    `Branch ${code(view.branch)}${view.pr ? ` · pull request #${view.pr.number}` : ""} · head ${code(view.headSha.slice(0, 12))}`,
    "",
  ];
  for (const note of view.notes) lines.push(`> [!WARNING]\n> ${inline(note, 1000)}`, "");
  lines.push("| stage | state | attempt | cost | job |", "|---|---|---|---|---|");
  view.stages.forEach((s, i) => {
    const o = s.outcome;
    const job = s.job?.htmlUrl ? `[job](${s.job.htmlUrl})` : "";
    lines.push(
      `| ${s.stage} | ${STATE_LABEL[states[i]!]} | ${o ? o.attempt : ""} | ${o ? costLine(o.cost) : ""} | ${job} |`,
    );
  });
  const outcomes = view.stages.flatMap((s) => (s.outcome ? [s.outcome] : []));
  lines.push("", `**Total**: ${costLine(sum(outcomes))} over ${outcomes.length} stage outcome(s).`);

  const pictures = renders(view);
  if (pictures.length > 0) lines.push("", "#### Renders", "", pictures.join(" "));

  const failing = view.stages.filter((_, i) => states[i] === "failed" || states[i] === "blocked");
  const resume = failing[0]?.outcome?.resume ?? `copperhead create --brief ${view.briefPath}`;
  if (!runInFlight(view.run) && states.some((s) => s !== "passed" && s !== "skipped")) {
    lines.push(
      "",
      `**Resume**: comment \`/copperhead retry\` (valid stages are skipped)${failing[0] ? ` or \`/copperhead retry ${failing[0].stage}\`` : ""}, or run ${code(resume)} in a clone of the branch.`,
    );
  }
  lines.push(
    "",
    "<sub>`/copperhead retry [stage]` · `/copperhead status` · `/copperhead stop` — people with write access</sub>",
  );
  return truncate(lines.join("\n"));
}
