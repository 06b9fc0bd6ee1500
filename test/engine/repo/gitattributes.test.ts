import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureUnionMerge } from "../../../engine/repo/gitattributes.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function dir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "copperhead-attr-"));
  dirs.push(d);
  return d;
}

describe(".gitattributes union merge", () => {
  it("creates the file with the rule, then leaves it alone", async () => {
    const d = await dir();
    expect(await ensureUnionMerge(d, "log.jsonl")).toBe(true);
    expect(await ensureUnionMerge(d, "log.jsonl")).toBe(false);
    expect(await readFile(join(d, ".gitattributes"), "utf8")).toBe("log.jsonl merge=union\n");
  });

  it("appends after existing rules without a trailing newline", async () => {
    const d = await dir();
    await writeFile(join(d, ".gitattributes"), "*.png binary");
    await ensureUnionMerge(d, "log.jsonl");
    expect(await readFile(join(d, ".gitattributes"), "utf8")).toBe(
      "*.png binary\nlog.jsonl merge=union\n",
    );
  });

  it("recognizes an existing rule among other attributes", async () => {
    const d = await dir();
    await writeFile(join(d, ".gitattributes"), "log.jsonl  -diff merge=union\n");
    expect(await ensureUnionMerge(d, "log.jsonl")).toBe(false);
  });
});
