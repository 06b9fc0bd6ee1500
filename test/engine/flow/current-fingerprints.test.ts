import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentFingerprints } from "../../../engine/flow/current-fingerprints.js";
import { fingerprintPatterns } from "../../../engine/flow/fingerprint.js";
import { scanFiles } from "../../../engine/flow/scan-files.js";
import { stageGraph } from "../../../stages/registry.js";
import { designWith, useTempRepos } from "./flow-fixture.js";

useTempRepos();
const { patterns } = stageGraph();

/** The reference: hash every file, no pattern cache involved. */
async function reference(dir: string) {
  return fingerprintPatterns(patterns, await scanFiles(dir, patterns));
}

describe("current fingerprints", () => {
  it("agree with hashing every file, cold and warm, clean, edited, new and deleted", async () => {
    const repo = await designWith(stageGraph(), []);
    await repo.commitAll("design");
    const cold = await currentFingerprints(repo.dir, patterns);
    expect(cold).toEqual(await reference(repo.dir));
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(cold);
    const cache = await readFile(join(repo.dir, ".git/copperhead/pattern-sha256"), "utf8");
    expect(cache.trim().split("\n").length).toBeGreaterThan(5);

    await repo.write("outputs/amp-B_Cu.gbr", "%FSLAX46Y46*%\nG04 back*\nM02*\n");
    await writeFile(join(repo.dir, "docs/SPEC.md"), "# Spec\n\n## Budgets\n\n- 2 W\n");
    await rm(join(repo.dir, "firmware/README.md"));
    const edited = await currentFingerprints(repo.dir, patterns);
    expect(edited).toEqual(await reference(repo.dir));
    expect(edited["outputs/"]).not.toBe(cold["outputs/"]);
    expect(edited["docs/SPEC.md"]).not.toBe(cold["docs/SPEC.md"]);
    expect(edited["firmware/"]).toBeNull();
    expect(edited["docs/BOM.md"]).toBe(cold["docs/BOM.md"]);

    await repo.commitAll("edits");
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(edited);
    await repo.git("reset", "-q", "--hard", "HEAD~1");
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(cold);
    expect(await reference(repo.dir)).toEqual(cold);
  });

  it("never caches a pattern whose bytes on disk differ from git's blobs", async () => {
    const repo = await designWith(stageGraph(), []);
    await repo.write(".gitattributes", "docs/*.md text eol=crlf\n");
    await repo.commitAll("crlf docs");
    await repo.git("rm", "-q", "--cached", "-r", "docs");
    await repo.git("reset", "-q", "--hard");
    const first = await currentFingerprints(repo.dir, patterns);
    expect(first).toEqual(await reference(repo.dir));
    const spec = await readFile(join(repo.dir, "docs/SPEC.md"), "utf8");
    expect(spec).toContain("\r\n");
    let cache = "";
    try {
      cache = await readFile(join(repo.dir, ".git/copperhead/pattern-sha256"), "utf8");
    } catch {
      // no pattern cached at all is also correct
    }
    expect(cache).not.toContain(first["docs/SPEC.md"]!);
    expect(await currentFingerprints(repo.dir, patterns)).toEqual(first);
  });
});
