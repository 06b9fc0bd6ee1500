import { chmod, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolContext } from "../../../../engine/agent/tool.js";
import { guardKicadEdit } from "../../../../engine/agent/tools/kicad-load-guard.js";
import { ledRepo } from "./temp-repo.js";

// guardKicadEdit itself, with real kicad-cli probes on copies of examples/led: the exact outcome,
// the bytes left on disk and the file's mode, for each of its three endings.
const repos: Awaited<ReturnType<typeof ledRepo>>[] = [];
afterAll(() => Promise.all(repos.map((r) => r.done())));

/** A fresh copy with `before` replaced by `after` on disk, as edit_file leaves it before the guard. */
async function edited(file: string, change: (text: string) => string, mode = 0o640) {
  const made = await ledRepo();
  repos.push(made);
  const absolute = join(made.repo, file);
  const before = await readFile(absolute, "utf8");
  const after = change(before);
  await writeFile(absolute, after);
  await chmod(absolute, mode);
  return { ...made, absolute, before, after, mode };
}
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
/** The guard as edit_file calls it, for a file the test already edited on disk. */
const guard = (
  e: { absolute: string; before: string; after: string; mode: number; context: ToolContext },
  relative: string,
) => guardKicadEdit(e.absolute, relative, e.before, e.after, e.mode, e.context);

describe.concurrent("guardKicadEdit", () => {
  it("an edit KiCad loads is kept as written", async () => {
    const e = await edited("hardware/led.kicad_sch", (t) =>
      t.replace('"Value" "330"', '"Value" "470"'),
    );
    const outcome = await guard(
      { absolute: e.absolute, before: e.before, after: e.after, mode: e.mode, context: e.context },
      "hardware/led.kicad_sch",
    );
    expect(outcome).toEqual({ kind: "kept" });
    expect(await readFile(e.absolute, "utf8")).toBe(e.after);
    expect(await modeOf(e.absolute)).toBe(0o640);
  });

  it("malformed s-expressions are reverted byte for byte, the complaint our parser's position without its fix tail", async () => {
    const e = await edited(
      "hardware/led.kicad_sch",
      (t) => t.replace('"Value" "330"', '"Value" "330" ))'),
      0o600,
    );
    const outcome = await guard(
      { absolute: e.absolute, before: e.before, after: e.after, mode: e.mode, context: e.context },
      "hardware/led.kicad_sch",
    );
    expect(outcome.kind).toBe("reverted");
    const complaint = outcome.kind === "reverted" ? outcome.complaint : "";
    expect(complaint).toMatch(/^hardware\/led\.kicad_sch:\d+:\d+: found /);
    expect(complaint).not.toContain(" — ");
    expect(complaint).not.toContain("restore it from git");
    expect(await readFile(e.absolute, "utf8")).toBe(e.before);
    expect(await modeOf(e.absolute)).toBe(0o600);
  });

  it("well-formed content KiCad rejects is reverted, the complaint quoting kicad-cli and saying why no position is given", async () => {
    const e = await edited("hardware/led.kicad_pcb", (t) =>
      t.replace("(thickness 1.6)", "(thickness (1.6))"),
    );
    const outcome = await guard(
      { absolute: e.absolute, before: e.before, after: e.after, mode: e.mode, context: e.context },
      "hardware/led.kicad_pcb",
    );
    expect(outcome.kind).toBe("reverted");
    const complaint = outcome.kind === "reverted" ? outcome.complaint : "";
    expect(complaint).toMatch(
      /^kicad-cli cannot load hardware\/led\.kicad_pcb(: .+)? \(the s-expressions are well-formed, so KiCad rejects the content: a wrong token, a missing required field, or a bad value\)$/s,
    );
    expect(await readFile(e.absolute, "utf8")).toBe(e.before);
  });

  it("a file that did not load before keeps the edit, and says the edit still does not load", async () => {
    const e = await edited("hardware/led.kicad_sch", (t) =>
      t.replace("(kicad_sch", "(kicad_sch ("),
    );
    const broken = e.after;
    const after = broken.replace('"Value" "330"', '"Value" "470"');
    await writeFile(e.absolute, after);
    const outcome = await guard(
      { absolute: e.absolute, before: broken, after: after, mode: 0o644, context: e.context },
      "hardware/led.kicad_sch",
    );
    expect(outcome.kind).toBe("kept-unloadable");
    expect(outcome.kind === "kept-unloadable" ? outcome.complaint : "").toMatch(
      /^hardware\/led\.kicad_sch:\d+:\d+: /,
    );
    expect(await readFile(e.absolute, "utf8")).toBe(after);
    expect(await modeOf(e.absolute)).toBe(0o644);
  });
});

describe("guardKicadEdit runs the kicad-cli of the tool's environment", () => {
  /** A stand-in kicad-cli that refuses every file the way KiCad does (rc 3), saying `says`. */
  async function refusingCli(says: string) {
    const made = await ledRepo();
    repos.push(made);
    const cli = join(made.repo, "fake-kicad-cli");
    await writeFile(
      cli,
      `#!/bin/sh\nif [ "$1" = version ]; then echo 9.0.8; exit 0; fi\nprintf '%s' '${says}' >&2\nexit 3\n`,
    );
    await chmod(cli, 0o755);
    const absolute = join(made.repo, "hardware/led.kicad_pcb");
    const before = await readFile(absolute, "utf8");
    const after = before.replace("(thickness 1.6)", "(thickness 1.61)");
    await writeFile(absolute, after);
    const context = { ...made.context, env: { ...process.env, COPPERHEAD_KICAD_CLI: cli } };
    return { absolute, before, after, context };
  }

  it("a file it refuses before and after the edit keeps the edit, quoting what that kicad-cli said", async () => {
    const e = await refusingCli("Failed to load board");
    const outcome = await guard(
      { absolute: e.absolute, before: e.before, after: e.after, mode: 0o644, context: e.context },
      "hardware/led.kicad_pcb",
    );
    expect(outcome).toEqual({
      kind: "kept-unloadable",
      complaint:
        "kicad-cli cannot load hardware/led.kicad_pcb: Failed to load board (the s-expressions are well-formed, so KiCad rejects the content: a wrong token, a missing required field, or a bad value)",
    });
    expect(await readFile(e.absolute, "utf8")).toBe(e.after);
  });

  it("a kicad-cli that says nothing gets no empty quote", async () => {
    const e = await refusingCli("");
    const outcome = await guard(
      { absolute: e.absolute, before: e.before, after: e.after, mode: 0o644, context: e.context },
      "hardware/led.kicad_pcb",
    );
    expect(outcome.kind === "kept-unloadable" ? outcome.complaint : "").toBe(
      "kicad-cli cannot load hardware/led.kicad_pcb (the s-expressions are well-formed, so KiCad rejects the content: a wrong token, a missing required field, or a bad value)",
    );
  });
});
