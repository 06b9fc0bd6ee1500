import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { designSlug, wireDesignPaths } from "../../../engine/pipeline/design-paths.js";
import { ConfigError } from "../../../engine/repo/config.js";
import { makeTempDir, type TempDir } from "../../helpers/temp-dir.js";

const dirs: TempDir[] = [];
afterAll(async () => {
  for (const d of dirs) await d.remove();
});
async function repo(files: Record<string, string>) {
  const dir = await makeTempDir();
  dirs.push(dir);
  for (const [p, t] of Object.entries(files)) {
    await mkdir(join(dir.dir, p, ".."), { recursive: true });
    await writeFile(dir.path(p), t);
  }
  return dir;
}

describe("designSlug", () => {
  it("names the design after the brief's first heading, kebab-case, ASCII", () => {
    expect(designSlug("# USB-C 5V power breakout\n\ntext")).toBe("usb-c-5v-power-breakout");
    expect(designSlug("intro\n\n# Capteur d'humidité (rev B) #\n")).toBe(
      "capteur-d-humidite-rev-b",
    );
    expect(designSlug("no heading at all")).toBe("board");
    expect(designSlug("# ---\n")).toBe("board");
    expect(designSlug(undefined)).toBe("board");
    expect(designSlug(`# ${"long ".repeat(20)}`).length).toBeLessThanOrEqual(48);
  });
});

describe("wireDesignPaths", () => {
  it("sets paths.schematic under hardware/, keeps every other setting, and makes the folder", async () => {
    const r = await repo({
      "brief.md": "# Blinky\n",
      ".copperhead/config.json": '{ "origin": "create", "maxAttempts": 5 }\n',
    });
    expect(await wireDesignPaths(r.dir)).toBe("hardware/blinky.kicad_sch");
    expect(JSON.parse(await readFile(r.path(".copperhead/config.json"), "utf8"))).toEqual({
      origin: "create",
      maxAttempts: 5,
      paths: { schematic: "hardware/blinky.kicad_sch" },
    });
    expect((await stat(r.path("hardware"))).isDirectory()).toBe(true);
    // Again: nothing changes.
    const once = await readFile(r.path(".copperhead/config.json"), "utf8");
    await wireDesignPaths(r.dir);
    expect(await readFile(r.path(".copperhead/config.json"), "utf8")).toBe(once);
  });

  it("keeps a path a person set, byte for byte", async () => {
    const text = '{"paths": {"schematic": "pcb/main.kicad_sch"}}';
    const r = await repo({ "brief.md": "# Blinky\n", ".copperhead/config.json": text });
    expect(await wireDesignPaths(r.dir)).toBe("pcb/main.kicad_sch");
    expect(await readFile(r.path(".copperhead/config.json"), "utf8")).toBe(text);
  });

  it("refuses a broken config instead of overwriting it", async () => {
    const r = await repo({ ".copperhead/config.json": '{"modle": "x"}' });
    await expect(wireDesignPaths(r.dir)).rejects.toThrow(ConfigError);
    expect(await readFile(r.path(".copperhead/config.json"), "utf8")).toBe('{"modle": "x"}');
  });
});
