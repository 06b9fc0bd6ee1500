import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type {
  BoardFootprint,
  BoardModel,
  BoardZone,
} from "../../../../../engine/kicad/board/write/board-model.js";
import { boardText } from "../../../../../engine/kicad/board/write/board-tree.js";
import { drc } from "../../../../../engine/kicad/cli/drc.js";
import type { Rect } from "../../../../../engine/kicad/geometry/rect.js";
import { FootprintCatalog } from "../../../../../engine/kicad/layout/library/footprint-catalog.js";
import {
  DEFAULT_RULES,
  type DesignRules,
  netClasses,
} from "../../../../../engine/kicad/layout/project/design-rules.js";
import { mergeProjectFile } from "../../../../../engine/kicad/layout/project/project-file.js";
import { childText, headOf, type SList } from "../../../../../engine/kicad/sexp/node.js";
import { writeSexp } from "../../../../../engine/kicad/sexp/write.js";
import { makeTempDir, type TempDir } from "../../../../helpers/temp-dir.js";

/**
 * A folder holding a project library ("Fixture") with copies of KiCad footprints, so DRC's
 * library check compares the board's footprints against what they were built from. The copies
 * go without their F.SilkS drawings: the router never looks at silk, and small test boards
 * would have it reach past the edge.
 */
export interface RouteFixture {
  readonly temp: TempDir;
  /** The copied footprint by its KiCad library id. */
  readonly library: ReadonlyMap<string, SList>;
}

export async function routeFixture(
  prefix: string,
  libIds: readonly string[],
): Promise<RouteFixture> {
  const temp = await makeTempDir(prefix);
  const catalog = FootprintCatalog.fromEnv();
  const library = new Map<string, SList>();
  await mkdir(join(temp.dir, "Fixture.pretty"));
  for (const id of libIds) {
    const found = await catalog.resolve(id);
    if (!found.ok) throw new Error(`${id} is not installed`);
    const tree = found.footprint.node;
    const bare: SList = {
      ...tree,
      items: tree.items.filter(
        (i) =>
          !(
            i.kind === "list" &&
            headOf(i)?.startsWith("fp_") &&
            childText(i, "layer") === "F.SilkS"
          ),
      ),
    };
    library.set(id, bare);
    await writeFile(
      join(temp.dir, "Fixture.pretty", `${fixtureName(id)}.kicad_mod`),
      writeSexp(bare),
    );
  }
  await writeFile(
    join(temp.dir, "fp-lib-table"),
    `(fp_lib_table\n  (version 7)\n  (lib (name "Fixture") (type "KiCad") (uri "${join(temp.dir, "Fixture.pretty")}") (options "") (descr ""))\n)\n`,
  );
  return { temp, library };
}

function fixtureName(libId: string): string {
  return libId.split(":")[1] as string;
}

/** A part from the fixture library at `x, y`, its pads' nets by pad number. */
export function fixturePart(
  fixture: RouteFixture,
  libId: string,
  reference: string,
  at: { x: number; y: number; rotation?: number },
  nets: Readonly<Record<string, string>>,
): BoardFootprint {
  const library = fixture.library.get(libId);
  if (!library) throw new Error(`${libId} is not in the fixture library`);
  return {
    reference,
    libId: `Fixture:${fixtureName(libId)}`,
    value: reference,
    library,
    at: { x: at.x, y: at.y },
    rotation: at.rotation ?? 0,
    pads: new Map(Object.entries(nets).map(([pad, net]) => [pad, { net }])),
    boardOnly: true,
    referenceText: { at: { x: at.x, y: at.y }, angle: 0, size: 1, thickness: 0.15, visible: false },
  };
}

export function fixtureBoard(
  outline: Rect,
  footprints: BoardFootprint[],
  zones: BoardZone[] = [],
): BoardModel {
  return {
    title: "router test",
    outline,
    paper: "A4",
    nets: [...new Set(footprints.flatMap((f) => [...f.pads.values()].map((p) => p.net)))].filter(
      (n) => n !== "",
    ),
    footprints,
    tracks: [],
    vias: [],
    zones,
  };
}

/** Writes the board with the design rules beside it and runs kicad-cli DRC at every severity. */
export async function fixtureDrc(
  fixture: RouteFixture,
  name: string,
  model: BoardModel,
  rules: DesignRules = DEFAULT_RULES,
) {
  const file = join(fixture.temp.dir, `${name}.kicad_pcb`);
  const project = join(fixture.temp.dir, `${name}.kicad_pro`);
  await writeFile(project, mergeProjectFile(undefined, project, rules, netClasses([], rules)));
  await writeFile(file, boardText(model));
  return drc(file);
}

/** KiCad's 1 × 1 mm SMD test point: the router tests' usual far end of a net. */
export const TEST_POINT = "TestPoint:TestPoint_Pad_1.0x1.0mm";

/**
 * The fixture for one test file: made before its tests and removed after, with its part, board
 * and DRC helpers bound to it.
 */
export function useRouteFixture(prefix: string, libIds: readonly string[]) {
  let fixture: RouteFixture | undefined;
  beforeAll(async () => {
    fixture = await routeFixture(prefix, libIds);
  });
  afterAll(() => fixture?.temp.remove());
  const made = () => {
    if (!fixture) throw new Error("the route fixture is made in beforeAll");
    return fixture;
  };
  return {
    part: (...args: Parameters<typeof fixturePart> extends [unknown, ...infer R] ? R : never) =>
      fixturePart(made(), ...args),
    board: fixtureBoard,
    drc: (name: string, model: BoardModel, rules?: DesignRules) =>
      fixtureDrc(made(), name, model, rules),
  };
}
