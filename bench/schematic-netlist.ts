import { existsSync, readFileSync } from "node:fs";
import {
  buildSchematicHierarchy,
  type SchematicHierarchy,
} from "../engine/kicad/schematic/hierarchy.js";
import { netlist } from "../engine/kicad/schematic/netlist/netlist.js";
import { readSchematic } from "../engine/kicad/schematic/read-schematic.js";
import type { SList } from "../engine/kicad/sexp/node.js";
import { parseSexp } from "../engine/kicad/sexp/parse.js";
import type { Bench } from "./bench.js";
import { demoRoots } from "./demo-roots.js";

const ROUNDS = 3;

/**
 * The typed schematic views plus the netlister over every demo project, against the time the
 * s-expression reader alone takes on the same files (same run, best of ROUNDS): what a
 * checker pays on top of parsing to know every net of a design.
 */
export const schematicNetlistBench: Bench = {
  name: "schematic views + netlist",
  async run() {
    const texts = new Map<string, string>();
    const read = (path: string) => {
      let text = texts.get(path);
      if (text === undefined && existsSync(path)) {
        text = readFileSync(path, "utf8");
        texts.set(path, text);
      }
      return text;
    };
    const roots = demoRoots();
    // Read every file of every hierarchy first, so file reading is in neither measurement.
    for (const root of roots) {
      await buildSchematicHierarchy(root, async (path) => {
        const text = read(path);
        return text === undefined ? undefined : readSchematic(parseSexp(text));
      });
    }

    let parseMs = Number.POSITIVE_INFINITY;
    let oursMs = Number.POSITIVE_INFINITY;
    let nets = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const trees = new Map<string, SList>();
      let start = performance.now();
      for (const [path, text] of texts) trees.set(path, parseSexp(text));
      parseMs = Math.min(parseMs, performance.now() - start);
      start = performance.now();
      nets = 0;
      for (const root of roots) {
        const hierarchy: SchematicHierarchy = await buildSchematicHierarchy(root, async (p) => {
          const tree = trees.get(p);
          return tree && readSchematic(tree);
        });
        nets += netlist(hierarchy).nets.length;
      }
      oursMs = Math.min(oursMs, performance.now() - start);
    }
    return [
      {
        label: `typed views + netlist of ${roots.length} demo projects (${texts.size} sheets, ${nets} nets) vs parsing the same files`,
        measured: `views + netlist ${oursMs.toFixed(0)} ms; parse ${parseMs.toFixed(0)} ms`,
        ratio: oursMs / parseMs,
        target: { op: "<=", value: 1 },
      },
    ];
  },
};
