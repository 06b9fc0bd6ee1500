import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { demoBoards, demoProjects, demoRootSchematics } from "./demo-corpus.js";

describe("demo corpus", () => {
  it("lists each project's roots, sub-sheets and boards", () => {
    const byName = new Map(demoProjects().map((project) => [project.name, project]));
    const pic = byName.get("pic_programmer");
    expect(pic?.roots.map((p) => basename(p))).toEqual(["pic_programmer.kicad_sch"]);
    expect(pic?.schematics.map((p) => basename(p))).toEqual([
      "pic_programmer.kicad_sch",
      "pic_sockets.kicad_sch",
    ]);
    expect(pic?.boards.map((p) => basename(p))).toEqual(["pic_programmer.kicad_pcb"]);
    // Two projects in one folder; sub-sheets in a sub-folder belong to the project above.
    expect(byName.get("ecc83")?.roots.map((p) => basename(p))).toEqual([
      "ecc83-pp.kicad_sch",
      "ecc83-pp_v2.kicad_sch",
    ]);
    expect(byName.get("royalblue54L_feather")?.schematics).toHaveLength(5);
    expect(byName.get("royalblue54L_feather")?.roots).toHaveLength(1);
    // A sheet no other sheet places counts as a root even without its own .kicad_pro.
    expect(byName.get("vme-wren")?.roots.map((p) => basename(p))).toEqual([
      "front-panel-io.kicad_sch",
      "vme-wren.kicad_sch",
    ]);
  });

  it("covers every demo file once", () => {
    const projects = demoProjects();
    const schematics = projects.flatMap((p) => p.schematics);
    expect(schematics).toHaveLength(93);
    expect(new Set(schematics).size).toBe(93);
    expect(demoBoards()).toHaveLength(20);
    expect(demoRootSchematics()).toHaveLength(37);
  });
});
