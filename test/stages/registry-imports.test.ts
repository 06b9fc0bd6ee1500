import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/fixture-project.js";
import { builtCli } from "../helpers/packed-cli.js";
import { makeTempDir, type TempDir } from "../helpers/temp-dir.js";

let tmp: TempDir | undefined;
afterAll(async () => {
  await tmp?.remove();
});

/** Every file a fresh Node process loads to import `module` (a loader hook appends each URL). */
async function loadedBy(module: string): Promise<string[]> {
  tmp = await makeTempDir("copperhead-imports-");
  const list = join(tmp.dir, "loaded.txt");
  const hook = `data:text/javascript,${encodeURIComponent(
    `import { appendFileSync } from "node:fs";
     export async function load(url, context, next) {
       appendFileSync(${JSON.stringify(list)}, url + "\\n");
       return next(url, context);
     }`,
  )}`;
  const register = `data:text/javascript,${encodeURIComponent(
    `import { register } from "node:module"; register(${JSON.stringify(hook)});`,
  )}`;
  await execa(
    process.execPath,
    ["--import", register, "--input-type=module", "-e", `await import(${JSON.stringify(module)});`],
    { cwd: REPO_ROOT, stdin: "ignore" },
  );
  return (await readFile(list, "utf8")).split("\n").filter((l) => l.startsWith("file:"));
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
