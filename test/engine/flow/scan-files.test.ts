import { createHash } from "node:crypto";
import { readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePattern } from "../../../engine/flow/path-pattern.js";
import { scanFiles } from "../../../engine/flow/scan-files.js";
import { tempRepo, useTempRepos } from "./flow-fixture.js";

useTempRepos();
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const patterns = ["docs/", "outputs/", "link.md"].map(parsePattern);

describe("scanning files", () => {
  it("hashes tracked, modified and untracked files; skips deleted, ignored and unmatched ones", async () => {
    const repo = await tempRepo();
    await repo.write("docs/SPEC.md", "spec v1");
    await repo.write("docs/OLD.md", "old");
    await repo.write("outputs/top.gtl", "gerber");
    await repo.write("src/unrelated.c", "int x;");
    await repo.write(".gitignore", "outputs/*.tmp\n");
    await repo.commitAll("base");
    await repo.write("docs/SPEC.md", "spec v2");
    await repo.remove("docs/OLD.md");
    await repo.write("docs/NEW.md", "new");
    await repo.write("outputs/junk.tmp", "ignored");
    await symlink("docs/SPEC.md", join(repo.dir, "link.md"));
    const files = await scanFiles(repo.dir, patterns);
    expect(Object.fromEntries([...files].sort())).toEqual({
      "docs/NEW.md": sha("new"),
      "docs/SPEC.md": sha("spec v2"),
      "link.md": sha("docs/SPEC.md"),
      "outputs/top.gtl": sha("gerber"),
    });
  });

  it("answers the same from its blob cache and never serves a stale hash", async () => {
    const repo = await tempRepo();
    await repo.write("docs/SPEC.md", "spec v1");
    await repo.commitAll("base");
    const cold = await scanFiles(repo.dir, patterns);
    const cache = await readFile(join(repo.dir, ".git/copperhead/blob-sha256"), "utf8");
    expect(cache).toContain(sha("spec v1"));
    expect(await scanFiles(repo.dir, patterns)).toEqual(cold);
    // Same size, rewritten right after git recorded it: git's racy-clean check must catch it.
    await repo.git("add", "docs/SPEC.md");
    await writeFile(join(repo.dir, "docs/SPEC.md"), "spec v2");
    expect((await scanFiles(repo.dir, patterns)).get("docs/SPEC.md")).toBe(sha("spec v2"));
    await repo.commitAll("v2");
    expect((await scanFiles(repo.dir, patterns)).get("docs/SPEC.md")).toBe(sha("spec v2"));
  });

  it("caches only hashes it verified against git's blob id", async () => {
    const repo = await tempRepo();
    await repo.write("docs/SPEC.md", "spec v1\r\n");
    // A filter that rewrites line endings makes the working bytes differ from the blob.
    await repo.write(".gitattributes", "*.md text eol=crlf\n");
    await repo.commitAll("base");
    const files = await scanFiles(repo.dir, patterns);
    const onDisk = await readFile(join(repo.dir, "docs/SPEC.md"), "utf8");
    expect(files.get("docs/SPEC.md")).toBe(sha(onDisk));
    let cache = "";
    try {
      cache = await readFile(join(repo.dir, ".git/copperhead/blob-sha256"), "utf8");
    } catch {
      // nothing cached at all is also correct
    }
    expect(cache).not.toContain(sha(onDisk));
  });

  it("is empty for no patterns", async () => {
    const repo = await tempRepo();
    await repo.write("docs/SPEC.md", "x");
    expect((await scanFiles(repo.dir, [])).size).toBe(0);
  });
});
