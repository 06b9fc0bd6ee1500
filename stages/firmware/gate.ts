import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CopperheadError, describeError } from "../../engine/errors.js";
import { PINOUT_PATH, PINS_HEADER_PATH, pinsHeader } from "../../engine/firmware/pins-header.js";
import {
  type ProgrammablePart,
  programmableParts,
} from "../../engine/firmware/programmable-parts.js";
import type { Evidence } from "../../engine/flow/evidence.js";
import { designTarget } from "../../engine/flow/gates/design-target.js";
import { documentBlocks } from "../../engine/flow/gates/markdown.js";
import { filesMatching, readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { findRootSheet } from "../../engine/kicad/cli/root-sheet.js";
import { writeAtomic } from "../../engine/kicad/draft/write-atomic.js";
import { loadSchematicHierarchy } from "../../engine/kicad/schematic/hierarchy.js";
import { firmwareChecks } from "./stage.js";

const SOURCE = /\.(c|h|cpp|hpp|cc|py|rs|ino|s|S)$/;
const README = "firmware/README.md";
/** The line a no-MCU design records in firmware/README.md. */
export const NO_FIRMWARE_VERDICT = /\bno programmable part\b/i;

type Parts = { ok: true; parts: ProgrammablePart[] } | { ok: false; detail: string };

/** The design's programmable parts, from the schematic `copperhead check` would use. */
async function partsOf(repo: string): Promise<Parts> {
  const target = await designTarget(repo);
  if (!target.ok) return target;
  if (!target.schematic)
    return { ok: false, detail: "no schematic to read the programmable parts from" };
  try {
    const hierarchy = await loadSchematicHierarchy(await findRootSheet(target.schematic.absolute));
    return { ok: true, parts: programmableParts(hierarchy) };
  } catch (error) {
    if (!(error instanceof CopperheadError)) throw error;
    return { ok: false, detail: describeError(error) };
  }
}

/** Writes firmware/pins.h from PINOUT.md when the design has a programmable part. */
export async function preparePinsHeader({ repo }: Pick<StageContext, "repo">): Promise<void> {
  const found = await partsOf(repo);
  const pinout = await readRepoText(repo, PINOUT_PATH);
  if (!found.ok || found.parts.length === 0 || pinout === undefined) return;
  const file = join(repo, PINS_HEADER_PATH);
  await mkdir(dirname(file), { recursive: true });
  await writeAtomic(
    file,
    pinsHeader(
      pinout,
      found.parts.map((p) => p.ref),
    ).text,
  );
}

/**
 * With a programmable part: firmware/pins.h is exactly what PINOUT.md generates, and there is
 * firmware beside it (a non-empty source file other than pins.h). Without one: firmware/README.md
 * records the "no programmable part" verdict with its reason.
 */
export async function firmwareGate({ repo }: Pick<StageContext, "repo">): Promise<Evidence[]> {
  const found = await partsOf(repo);
  if (!found.ok) return firmwareChecks.map((check) => ({ check, ok: false, detail: found.detail }));
  const files = await filesMatching(repo, "firmware/");
  if (found.parts.length === 0) {
    const readme = await readRepoText(repo, README);
    const verdict = readme
      ? documentBlocks(readme).find((b) => NO_FIRMWARE_VERDICT.test(b.text))
      : undefined;
    const reasoned = verdict && (verdict.text.match(/[A-Za-z]{2,}/g) ?? []).length >= 6;
    return [
      reasoned
        ? {
            check: "no-firmware-verdict",
            ok: true,
            detail: `${README} line ${verdict.line}: ${verdict.text}`,
          }
        : {
            check: "no-firmware-verdict",
            ok: false,
            detail: verdict
              ? `${README} line ${verdict.line} states the verdict without a reason; say why no part needs firmware`
              : `the schematic has no programmable part; record that in ${README} ("no programmable part", and why)`,
          },
    ];
  }
  const names = found.parts.map((p) => `${p.ref} (${p.reason})`).join(", ");
  const pinout = await readRepoText(repo, PINOUT_PATH);
  const header = await readRepoText(repo, PINS_HEADER_PATH);
  let pins: Evidence;
  if (pinout === undefined) {
    pins = { check: "pins-header", ok: false, detail: `no ${PINOUT_PATH} to generate pins.h from` };
  } else {
    const fresh = pinsHeader(
      pinout,
      found.parts.map((p) => p.ref),
    );
    pins =
      header === undefined
        ? {
            check: "pins-header",
            ok: false,
            detail: `${PINS_HEADER_PATH} is missing (programmable: ${names})`,
          }
        : header !== fresh.text
          ? {
              check: "pins-header",
              ok: false,
              detail: `${PINS_HEADER_PATH} is not what ${PINOUT_PATH} generates (${fresh.pins} pin(s)); regenerate it, never edit it by hand`,
            }
          : fresh.pins === 0
            ? {
                check: "pins-header",
                ok: false,
                detail: `${PINOUT_PATH} lists no signal pin of ${names}`,
              }
            : {
                check: "pins-header",
                ok: true,
                detail: `${PINS_HEADER_PATH} matches ${PINOUT_PATH}: ${fresh.pins} pin(s) of ${names}`,
              };
  }
  const sources = files.filter((f) => SOURCE.test(f.path) && f.path !== PINS_HEADER_PATH);
  const empty = sources.filter((f) => f.size === 0).map((f) => f.path);
  const firmware: Evidence =
    sources.length === 0
      ? {
          check: "firmware-sources",
          ok: false,
          detail: "no source file under firmware/ besides pins.h",
        }
      : empty.length > 0
        ? { check: "firmware-sources", ok: false, detail: `empty: ${empty.join(", ")}` }
        : {
            check: "firmware-sources",
            ok: true,
            detail: `${sources.length} non-empty source file(s)`,
          };
  return [pins, firmware];
}
