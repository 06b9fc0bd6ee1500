import { mkdir } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { resolveCheckTarget } from "../../check/check-target.js";
import { UsageError } from "../../errors.js";
import { findRootSheet } from "../../kicad/cli/root-sheet.js";
import { writeAtomic } from "../../kicad/draft/write-atomic.js";
import { loadSchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import { readConfig } from "../config.js";
import { readOptional } from "../read-optional.js";
import { updateConfig } from "../update-config.js";
import { scaffoldDesignOf } from "./scaffold-design.js";
import { APPEND_ONLY, scaffoldDocs } from "./scaffold-docs.js";
import { readScaffoldRecord, sha256, writeScaffoldRecord } from "./scaffold-record.js";

/** What init did with one doc. */
export type DocAction =
  | "created" // it did not exist
  | "refreshed" // it was init's untouched scaffold and the schematic changed
  | "unchanged" // it already holds exactly the scaffold
  | "kept" // an append-only log that exists: never regenerated
  | "refused" // a person edited it: left alone (use --force)
  | "overwritten"; // a person edited it and --force replaced it

export interface InitResult {
  schematic: string;
  board: string | undefined;
  docs: Array<{ path: string; action: DocAction }>;
  /** The origin the config says now, and whether init set it. */
  origin: { value: string; set: boolean };
}

const posix = (path: string) => path.split("\\").join("/");

/**
 * `copperhead init` for a repo that already has a KiCad design: the docs scaffolded from the
 * schematic (SPEC with empty budgets and assumptions, SUBSYSTEMS per sheet, BOM rows marked
 * UNVERIFIED, PINOUT from the netlist, LAYOUT with an empty Draft quality, the two logs), the
 * config naming the design and `origin: "init"`. A doc is written when it is missing or still
 * init's own untouched scaffold (by sha256, in .copperhead/scaffold.json); one a person edited
 * is refused unless `force`. Append-only logs are never regenerated.
 */
export async function initRepo(
  repo: string,
  options: { force?: boolean } = {},
): Promise<InitResult> {
  const target = await resolveCheckTarget(repo, undefined);
  if (!target.schematic) {
    throw new UsageError(
      "no KiCad design to initialise from: no .kicad_pro with its .kicad_sch in the repo root or hardware/",
      "run copperhead init in the repository of an existing KiCad project, or set paths.schematic in .copperhead/config.json",
    );
  }
  const root = await findRootSheet(target.schematic);
  const hierarchy = await loadSchematicHierarchy(root);
  const title = hierarchy.root.schematic.titleBlock?.title || basename(root, ".kicad_sch");
  const docs = scaffoldDocs(scaffoldDesignOf(hierarchy, title));
  const config = await readConfig(repo);
  const record = await readScaffoldRecord(repo);
  const actions: InitResult["docs"] = [];
  for (const [name, text] of Object.entries(docs)) {
    const path = posix(join(config.paths.docs, name));
    const file = join(repo, path);
    const current = await readOptional(file);
    let action: DocAction;
    if (current === undefined) action = "created";
    else if (APPEND_ONLY.has(name)) action = "kept";
    else if (current === text) action = "unchanged";
    else if (record.files[path] === sha256(current)) action = "refreshed";
    else action = options.force ? "overwritten" : "refused";
    if (action === "created" || action === "refreshed" || action === "overwritten") {
      await mkdir(dirname(file), { recursive: true });
      await writeAtomic(file, text);
    }
    if (action !== "refused" && action !== "kept") record.files[path] = sha256(text);
    actions.push({ path, action });
  }
  await writeScaffoldRecord(repo, record);
  const schematic = posix(relative(repo, target.schematic));
  const board = target.board ? posix(relative(repo, target.board)) : undefined;
  let set = false;
  const written = await updateConfig(repo, (json) => {
    const paths = (json.paths ?? {}) as Record<string, unknown>;
    set = json.origin === undefined;
    return {
      ...json,
      ...(set ? { origin: "init" } : {}),
      paths: {
        ...paths,
        schematic: paths.schematic ?? schematic,
        ...(board ? { board: paths.board ?? board } : {}),
      },
    };
  });
  return { schematic, board, docs: actions, origin: { value: written.origin ?? "init", set } };
}
