import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDiff } from "../engine/diff/run-diff.js";
import { erc } from "../engine/kicad/cli/erc.js";
import { detectLayout } from "../engine/kicad/sexp/layout.js";
import { children, headOf, type SList, str, textAt } from "../engine/kicad/sexp/node.js";
import { parseSexp } from "../engine/kicad/sexp/parse.js";
import { writeSexp } from "../engine/kicad/sexp/write.js";
import { git } from "../engine/repo/git.js";
import type { Bench } from "./bench.js";
import { DEMOS } from "./demo-roots.js";

const DEMO = "vme-wren";
const ROOT = "vme-wren.kicad_sch";
/** A sheet with plenty of parts, far from the root, to change a value on. */
const EDITED = "power-supply-1.kicad_sch";
const AUTHOR = {
  GIT_AUTHOR_NAME: "bench",
  GIT_AUTHOR_EMAIL: "bench@localhost",
  GIT_COMMITTER_NAME: "bench",
  GIT_COMMITTER_EMAIL: "bench@localhost",
};

/**
 * The electrical diff alone (no ERC/DRC, no pictures) of two commits of KiCad's biggest demo,
 * vme-wren (73 sheet instances, 45 sheet files), one value changed on one sheet, against one
 * `kicad-cli sch erc` of the same design measured in the same run. Includes reading both
 * revisions out of git. The 70 MB board is the same blob in both commits, so it is not parsed:
 * that is the diff's own shortcut for unchanged files, not a bench arrangement.
 */
export const diffBench: Bench = {
  name: "design diff",
  async run() {
    const dir = await mkdtemp(join(tmpdir(), "copperhead-bench-diff-"));
    try {
      await cp(join(DEMOS, DEMO), dir, { recursive: true });
      const run = (args: string[]) => git(dir, args, { env: AUTHOR });
      await run(["init", "-q", "-b", "main"]);
      await run(["add", "-A"]);
      await run(["commit", "-q", "-m", "demo"]);
      const sheet = join(dir, EDITED);
      const text = await readFile(sheet, "utf8");
      // One part's value: a placed symbol whose reference is not a power/flag one ("#PWR").
      const tree = parseSexp(text, { file: EDITED });
      const part = tree.items.find(
        (item): item is SList =>
          item.kind === "list" &&
          headOf(item) === "symbol" &&
          children(item, "property").some(
            (p) => textAt(p, 1) === "Reference" && !textAt(p, 2)?.startsWith("#"),
          ),
      );
      const value = part && children(part, "property").find((p) => textAt(p, 1) === "Value");
      if (!value) throw new Error(`no part in ${EDITED}`);
      value.items[2] = str(`${textAt(value, 2)}-bench`);
      const edited = writeSexp(tree, detectLayout(text));
      await writeFile(sheet, edited);
      await run(["commit", "-q", "-am", "one value"]);

      const diff = () =>
        runDiff({
          repo: dir,
          cwd: dir,
          revisions: ["HEAD~1", "HEAD"],
          checks: false,
          env: process.env,
        });
      const first = await diff(); // warm-up (JIT), and the answer checked below
      if (first.schematic.changes.length !== 1) {
        throw new Error(`expected one change, got ${JSON.stringify(first.schematic.changes)}`);
      }
      let diffMs = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await diff();
        diffMs = Math.min(diffMs, performance.now() - start);
      }
      const start = performance.now();
      await erc(join(dir, ROOT));
      const ercMs = performance.now() - start;
      return [
        {
          label: `electrical diff of two commits of ${DEMO} (${first.schematic.sheets.after} sheets, ${first.schematic.nets.after} nets, one value changed) vs one kicad-cli sch erc of it`,
          measured: `diff ${diffMs.toFixed(0)} ms (best of 3); erc ${ercMs.toFixed(0)} ms`,
          ratio: diffMs / ercMs,
          target: { op: "<=", value: 0.5 },
        },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
