import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig, readConfig } from "../../../engine/repo/config.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function repoWith(config?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "copperhead-config-"));
  dirs.push(dir);
  if (config !== undefined) {
    await mkdir(join(dir, ".copperhead"));
    await writeFile(join(dir, ".copperhead/config.json"), config);
  }
  return dir;
}

describe("config.json", () => {
  it("gives defaults when there is no config", async () => {
    // Other sections (legibility, score) bring their own defaults; these are the flow's.
    const config = await readConfig(await repoWith());
    expect(config).toMatchObject({
      paths: { schematic: null, board: null, docs: "docs" },
      thresholds: {},
      maxAttempts: 3,
    });
    expect(config.origin).toBeUndefined();
    expect(config.model).toBeUndefined();
  });

  it("reads a full config and keeps thresholds open", async () => {
    const config = await readConfig(
      await repoWith(
        JSON.stringify({
          origin: "init",
          paths: { schematic: "hw/main.kicad_sch", board: "hw/main.kicad_pcb" },
          thresholds: { legibility: { minGapMm: 2.54 } },
          provider: "anthropic",
          model: "claude-sonnet-4-5",
          maxAttempts: 5,
        }),
      ),
    );
    expect(config).toMatchObject({
      origin: "init",
      paths: { schematic: "hw/main.kicad_sch", board: "hw/main.kicad_pcb", docs: "docs" },
      thresholds: { legibility: { minGapMm: 2.54 } },
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      maxAttempts: 5,
    });
  });

  it("rejects typos, bad values and paths outside the repo, naming the key", async () => {
    await expect(readConfig(await repoWith('{"modle": "x"}'))).rejects.toThrow(/modle/);
    expect(() => parseConfig('{"origin": "clone"}', "c.json")).toThrow(/origin/);
    expect(() => parseConfig('{"maxAttempts": 0}', "c.json")).toThrow(/maxAttempts/);
    expect(() => parseConfig('{"paths": {"board": "../x.kicad_pcb"}}', "c.json")).toThrow(
      /paths.board: "\.\.\/x[^"]*" must be a path inside the repository/,
    );
    expect(() => parseConfig("{oops", "c.json")).toThrow(ConfigError);
    expect(() => parseConfig("{oops", "c.json")).toThrow(/c.json is not valid JSON/);
  });
});

describe("models per stage", () => {
  it("accepts a model for any stage or do, and refuses a misspelt stage", async () => {
    expect(
      parseConfig(
        '{"models": {"schematic": "claude-opus-4-7", "do": "claude-haiku-4-5"}}',
        "c.json",
      ).models,
    ).toEqual({
      schematic: "claude-opus-4-7",
      do: "claude-haiku-4-5",
    });
    expect(() => parseConfig('{"models": {"schematics": "x"}}', "c.json")).toThrow(
      /models\.schematics|models/,
    );
  });
});
