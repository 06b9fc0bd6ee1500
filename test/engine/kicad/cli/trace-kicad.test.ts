import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { traceKicad } from "../../../../engine/kicad/cli/trace-kicad.js";

const dir = await mkdtemp(join(tmpdir(), "copperhead-trace-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("traceKicad", () => {
  it("appends time, duration and command when COPPERHEAD_TRACE_KICAD names a file, and nothing otherwise", async () => {
    const file = join(dir, "trace.tsv");
    traceKicad({}, Date.now(), "kicad-cli version");
    await expect(readFile(file, "utf8")).rejects.toThrow(/ENOENT/);
    const env = { COPPERHEAD_TRACE_KICAD: file };
    traceKicad(env, Date.now() - 1500, "kicad-cli sch erc a.kicad_sch");
    traceKicad(env, Date.now(), "python3 <copperhead_pcbnew.py> fill-zones");
    const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const [time, ms, command] = lines[0]!.split("\t");
    expect(Number.isNaN(Date.parse(time!))).toBe(false);
    expect(Number(ms)).toBeGreaterThanOrEqual(1500);
    expect(command).toBe("kicad-cli sch erc a.kicad_sch");
    expect(lines[1]).toMatch(/\tpython3 <copperhead_pcbnew\.py> fill-zones$/);
  });
});
