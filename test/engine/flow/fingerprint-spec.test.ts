import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { currentFingerprints } from "../../../engine/flow/current-fingerprints.js";
import {
  fingerprintPattern,
  fingerprintPatterns,
  lowerBound,
  matchedPaths,
} from "../../../engine/flow/fingerprint.js";
import { parsePattern } from "../../../engine/flow/path-pattern.js";
import { tempRepo, useTempRepos } from "./flow-fixture.js";

// Fingerprints against their written definition (fingerprint.ts): a plain file's is its sha256;
// a folder's or glob's is the sha256 of "path\0sha256\n" lines in code-unit path order.
useTempRepos();
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const folderPrint = (files: Record<string, string>) =>
  sha(
    Object.keys(files)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((path) => `${path}\0${sha(files[path] as string)}\n`)
      .join(""),
  );

const files: Record<string, string> = {
  "hw/b.kicad_sch": "b\n",
  "hw/a.kicad_sch": "a\n",
  "hw/Z.kicad_sch": "Z\n",
  "hw/notes.txt": "n\n",
  "hw2/c.kicad_sch": "c\n",
  "hwx.kicad_sch": "x\n",
  "one.md": "one\n",
};
const hashes = new Map(Object.entries(files).map(([p, t]) => [p, sha(t)]));

describe("fingerprintPattern", () => {
  it("a plain file is its own sha256; a folder and a glob cover exactly their matches, sorted by code unit", () => {
    expect(fingerprintPattern(parsePattern("one.md"), hashes)).toBe(sha("one\n"));
    const hw = Object.fromEntries(Object.entries(files).filter(([p]) => p.startsWith("hw/")));
    expect(fingerprintPattern(parsePattern("hw/"), hashes)).toBe(folderPrint(hw));
    const sheets = Object.fromEntries(Object.entries(hw).filter(([p]) => p.endsWith(".kicad_sch")));
    expect(Object.keys(sheets)).toHaveLength(3);
    expect(fingerprintPattern(parsePattern("hw/*.kicad_sch"), hashes)).toBe(folderPrint(sheets));
    expect(
      fingerprintPatterns(
        [parsePattern("hw/"), parsePattern("nope.md"), parsePattern("gone/")],
        hashes,
      ),
    ).toEqual({
      "hw/": folderPrint(hw),
      "nope.md": null,
      "gone/": null,
    });
  });

  it("lowerBound finds the first path not before the key", () => {
    const sorted = ["a", "b", "b", "d"];
    expect([..."abcde", ""].map((k) => lowerBound(sorted, k))).toEqual([0, 1, 3, 3, 4, 0]);
    expect(lowerBound([], "x")).toBe(0);
  });

  it("matchedPaths takes exactly the matches from the prefix's run of a sorted list, neighbours on both sides left out", () => {
    const sorted = ["a.md", "hw", "hw.txt", "hw/a", "hw/b/c", "hw0/x", "hwx", "z/hw/a"];
    const matched = (source: string) => matchedPaths(parsePattern(source), sorted);
    expect(matched("hw")).toEqual(["hw"]);
    expect(matched("hw/")).toEqual(["hw/a", "hw/b/c"]);
    expect(matched("hw/b/")).toEqual(["hw/b/c"]);
    expect(matched("hw*")).toEqual(["hw", "hw.txt", "hwx"]);
    expect(matched("hw/*")).toEqual(["hw/a"]);
    // A leading star has an empty prefix: the whole list is its run.
    expect(matched("*.md")).toEqual(["a.md"]);
    expect(matched("*/hw/a")).toEqual(["z/hw/a"]);
    expect(matched("z/")).toEqual(["z/hw/a"]);
    expect(matched("absent/")).toEqual([]);
  });
});

describe("currentFingerprints against the definition", () => {
  const patterns = ["one.md", "one*.md", "hw/", "hw/*.kicad_sch", "hw2/", "absent/"].map(
    parsePattern,
  );
  const expected = () => ({
    "one.md": sha("one\n"),
    "one*.md": folderPrint({ "one.md": files["one.md"] as string }),
    "hw/": folderPrint(
      Object.fromEntries(Object.entries(files).filter(([p]) => p.startsWith("hw/"))),
    ),
    "hw/*.kicad_sch": folderPrint(
      Object.fromEntries(
        Object.entries(files).filter(([p]) => p.startsWith("hw/") && p.endsWith(".kicad_sch")),
      ),
    ),
    "hw2/": folderPrint({ "hw2/c.kicad_sch": "c\n" }),
    "absent/": null,
  });

  it("cold, warm (from the pattern cache) and committed give the definition's values; two patterns over the same file do not share a cache entry", async () => {
    const repo = await tempRepo();
    for (const [path, text] of Object.entries(files)) await repo.write(path, text);
    await repo.commitAll("files");
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(expected());
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(expected());
    // Asked one at a time, each answered from the cache its own key filled.
    for (const pattern of patterns) {
      expect(await currentFingerprints(repo.dir, [pattern])).toEqual({
        [pattern.source]: expected()[pattern.source as keyof ReturnType<typeof expected>],
      });
    }
  });

  it("an edit after a cached query is seen, and reverting it gives the cached value back", async () => {
    const repo = await tempRepo();
    for (const [path, text] of Object.entries(files)) await repo.write(path, text);
    await repo.commitAll("files");
    const clean = await currentFingerprints(repo.dir, patterns);
    await repo.write("hw/a.kicad_sch", "a, edited\n");
    const edited = await currentFingerprints(repo.dir, patterns);
    expect(edited["hw/"]).toBe(
      folderPrint({
        ...Object.fromEntries(Object.entries(files).filter(([p]) => p.startsWith("hw/"))),
        "hw/a.kicad_sch": "a, edited\n",
      }),
    );
    expect(edited["one.md"]).toBe(clean["one.md"]);
    await repo.write("hw/a.kicad_sch", "a\n");
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(clean);
  });
});
