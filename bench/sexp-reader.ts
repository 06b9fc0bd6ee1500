import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { detectLayout } from "../engine/kicad/sexp/layout.js";
import type { SNode } from "../engine/kicad/sexp/node.js";
import { parseSexp } from "../engine/kicad/sexp/parse.js";
import { SexpParseError } from "../engine/kicad/sexp/parse-error.js";
import { writeSexp } from "../engine/kicad/sexp/write.js";
import type { Bench, BenchRow } from "./bench.js";

const SHARE = process.env.COPPERHEAD_KICAD_SHARE ?? "/usr/share/kicad";
const EXTENSIONS = new Set([".kicad_sch", ".kicad_pcb", ".kicad_sym", ".kicad_mod"]);
/** Timed rounds per file and side for the reader; it counts the median (the machine is shared). */
const ROUNDS = 5;
/** Rounds per file for the informational writer row; the fastest counts. */
const WRITE_ROUNDS = 3;
/** Documents under this size warm both sides up before timing starts. */
const WARM_UP_BELOW_BYTES = 1_000_000;

function kicadFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (EXTENSIONS.has(extname(path))) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** The parsed tree as plain nested arrays of strings: what JSON.parse would build instead. */
function toArrays(node: SNode): unknown {
  return node.kind === "list" ? node.items.map(toArrays) : node.text;
}

const mb = (bytes: number) => bytes / 1e6;
const rate = (bytes: number, ms: number) => `${(mb(bytes) / (ms / 1000)).toFixed(1)} MB/s`;

interface Doc {
  text: string;
  bytes: number;
  json: string;
  jsonBytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * Demo files parsed by us and their JSON twins by JSON.parse, same run, same input form (a
 * string). Both sides are warmed up first on every document under 1 MB; then each file runs
 * ROUNDS times on either side, alternating which side goes first (so neither always inherits the
 * other's garbage), and counts with its median.
 */
function readerRows(docs: Doc[], damaged: number): BenchRow[] {
  for (const doc of docs) {
    if (doc.bytes >= WARM_UP_BELOW_BYTES) continue;
    parseSexp(doc.text);
    JSON.parse(doc.json);
  }
  let ours = 0;
  let theirs = 0;
  for (const doc of docs) {
    const oursMs: number[] = [];
    const theirsMs: number[] = [];
    const time = (side: "ours" | "theirs"): void => {
      const start = performance.now();
      if (side === "ours") parseSexp(doc.text);
      else JSON.parse(doc.json);
      (side === "ours" ? oursMs : theirsMs).push(performance.now() - start);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? "ours" : "theirs";
      time(first);
      time(first === "ours" ? "theirs" : "ours");
    }
    ours += median(oursMs);
    theirs += median(theirsMs);
  }
  const bytes = docs.reduce((sum, doc) => sum + doc.bytes, 0);
  const jsonBytes = docs.reduce((sum, doc) => sum + doc.jsonBytes, 0);
  return [
    {
      label: `read ${docs.length} demo files (.kicad_sch/.kicad_pcb/.kicad_sym/.kicad_mod; ${damaged} damaged skipped) vs JSON.parse of the same trees`,
      measured: `ours ${mb(bytes).toFixed(1)} MB in ${ours.toFixed(0)} ms = ${rate(bytes, ours)}; JSON.parse ${mb(jsonBytes).toFixed(1)} MB in ${theirs.toFixed(0)} ms = ${rate(jsonBytes, theirs)}`,
      ratio: bytes / ours / (jsonBytes / theirs),
      target: { op: ">=", value: 0.5 },
    },
  ];
}

/** Writing the demo trees back, beside JSON.stringify of the same trees (informational). */
function writerRows(docs: Doc[]): BenchRow[] {
  let ours = 0;
  let theirs = 0;
  let bytes = 0;
  let jsonBytes = 0;
  for (const doc of docs) {
    const tree = parseSexp(doc.text);
    let best = Number.POSITIVE_INFINITY;
    let written = "";
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      const start = performance.now();
      written = writeSexp(tree);
      best = Math.min(best, performance.now() - start);
    }
    ours += best;
    bytes += Buffer.byteLength(written);
    const arrays = toArrays(tree);
    best = Number.POSITIVE_INFINITY;
    let json = "";
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      const start = performance.now();
      json = JSON.stringify(arrays);
      best = Math.min(best, performance.now() - start);
    }
    jsonBytes += Buffer.byteLength(json);
    theirs += best;
  }
  return [
    {
      label: "write the demo trees back (KiCad layout) vs JSON.stringify of the same trees",
      measured: `ours ${rate(bytes, ours)}; JSON.stringify ${rate(jsonBytes, theirs)}`,
      ratio: bytes / ours / (jsonBytes / theirs),
    },
  ];
}

/** Parse → write of every file of a library folder; identical with KiCad's default layout, or with the layout read off the file. */
function libraryRow(name: string, dir: string): BenchRow {
  const files = kicadFiles(dir);
  let identical = 0;
  let identicalDetected = 0;
  let bytes = 0;
  let ms = 0;
  const differing: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    bytes += Buffer.byteLength(text);
    const start = performance.now();
    const tree = parseSexp(text, { file });
    const written = writeSexp(tree);
    ms += performance.now() - start;
    if (written === text) identical++;
    else if (writeSexp(tree, detectLayout(text)) === text) identicalDetected++;
    else differing.push(file.slice(dir.length + 1));
  }
  const shown = differing.slice(0, 3).join(", ");
  return {
    label: `round trip the full ${name} library (${files.length} files, ${mb(bytes).toFixed(0)} MB)`,
    measured:
      `${identical}/${files.length} identical with KiCad's default layout, ` +
      `${identical + identicalDetected}/${files.length} with the detected layout; parse+write ${rate(bytes, ms)}` +
      (differing.length > 0 ? `; differing: ${shown}${differing.length > 3 ? " …" : ""}` : ""),
  };
}

export const sexpReaderBench: Bench = {
  name: "sexp-reader",
  async run(): Promise<BenchRow[]> {
    const docs: Doc[] = [];
    let damaged = 0;
    for (const file of kicadFiles(join(SHARE, "demos"))) {
      const text = readFileSync(file, "utf8");
      let json: string;
      try {
        json = JSON.stringify(toArrays(parseSexp(text, { file })));
      } catch (error) {
        if (!(error instanceof SexpParseError)) throw error;
        damaged++;
        continue;
      }
      const bytes = Buffer.byteLength(text);
      const jsonBytes = Buffer.byteLength(json);
      // Same byte size where the JSON is the smaller one (trailing white space is valid JSON).
      if (jsonBytes < bytes) json += " ".repeat(bytes - jsonBytes);
      docs.push({ text, bytes, json, jsonBytes: Math.max(bytes, jsonBytes) });
    }
    return [
      ...readerRows(docs, damaged),
      ...writerRows(docs),
      libraryRow("symbol", join(SHARE, "symbols")),
      libraryRow("footprint", join(SHARE, "footprints")),
    ];
  },
};
