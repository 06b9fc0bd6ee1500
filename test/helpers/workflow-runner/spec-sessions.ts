import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../fixture-project.js";

/** The USB-C demo's scripted sessions (one per stage that has one on main). */
export const DEMO_SESSIONS = join(REPO_ROOT, "examples/usb-c-breakout/sessions");

/**
 * Scripted sessions derived from the demo's spec session (so they follow it when it changes):
 * `forgetful` never records the budgets (the gate fails on constraints-file after SPEC.md is
 * written: work to keep), `resume` is what a model does on the next attempt with that work
 * back in the tree (re-validates its proposal, records the budgets, finishes), `none` has no
 * session at all, so any model call fails the job.
 */
export async function specSessions(dir: string) {
  const demo: Array<{ tools: Array<{ name: string }>; expect?: unknown }> = JSON.parse(
    await readFile(join(DEMO_SESSIONS, "spec.json"), "utf8"),
  );
  const keep = (names: string[]) =>
    demo.filter((t) => names.includes(t.tools[0]!.name)).map(({ expect: _, ...t }) => t);
  const made: Record<string, string> = {};
  const sessions = {
    forgetful: keep(["read_file", "propose_change", "validate_change", "write_file", "finish"]),
    resume: keep(["propose_change", "validate_change", "record_constraint", "finish"]),
    none: undefined,
  };
  for (const [name, turns] of Object.entries(sessions)) {
    made[name] = join(dir, name);
    await mkdir(made[name], { recursive: true });
    if (turns) await writeFile(join(made[name], "spec.json"), JSON.stringify(turns));
  }
  return made as Record<keyof typeof sessions, string>;
}
/** The environment that makes every stage step play the scripted sessions in `dir`. */
export const script = (dir: string) => ({
  COPPERHEAD_PROVIDER: "scripted",
  COPPERHEAD_SCRIPT: dir,
});
