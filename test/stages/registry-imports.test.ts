import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/fixture-project.js";
import { modulesLoaded } from "../helpers/loaded-modules.js";
import { builtCli } from "../helpers/packed-cli.js";

/** Every file a fresh Node process loads to import `module`. */
async function loadedBy(module: string): Promise<string[]> {
  const run = await modulesLoaded(
    ["--input-type=module", "-e", `await import(${JSON.stringify(module)});`],
    { cwd: REPO_ROOT },
  );
  expect(run.exitCode, run.stderr).toBe(0);
  return run.loaded;
}

// Every flow command (status, next, graph, signoff, the Action on a valid stage) imports the
// registry; the gates import KiCad, the Markdown reader and the libraries. A declaration that
// imported its gate again would cost every such spawn ~0.3 s of CPU and fail nothing else.
describe("the stage registry's imports", () => {
  it("are the eight declarations and the graph: no gate, prepare step, KiCad module or Markdown reader", async () => {
    await builtCli();
    const loaded = await loadedBy(join(REPO_ROOT, "dist/stages/registry.js"));
    const ours = loaded.map((u) => u.slice(u.indexOf("/dist/") + 1));
    for (const stage of ["spec", "layout", "outputs", "devplan"])
      expect(ours).toContain(`dist/stages/${stage}/stage.js`);
    expect(ours.filter((u) => /\/(gate|prepare|export-outputs)\.js$/.test(u))).toEqual([]);
    expect(ours.filter((u) => u.includes("dist/engine/kicad/"))).toEqual([]);
    expect(loaded.filter((u) => u.includes("/node_modules/"))).toEqual([]);
  });
});
