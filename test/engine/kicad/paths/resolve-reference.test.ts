import { realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seeded } from "../../../../bench/draft-route.js";
import { isInside } from "../../../../engine/kicad/paths/real-location.js";
import {
  type PathReference,
  resolveReference,
} from "../../../../engine/kicad/paths/resolve-reference.js";
import { makePathSandbox, type PathSandbox } from "./path-sandbox.js";

let box: PathSandbox;
beforeAll(async () => {
  box = await makePathSandbox();
});
afterAll(() => box.remove());

const sheet = (written: string): PathReference => ({
  written,
  holder: box.holder,
  field: 'Sheetfile of sheet "S"',
  rules: "sheet",
  expect: "file",
});
const uri = (written: string, extra: Partial<PathReference> = {}): PathReference => ({
  written,
  holder: join(dirname(box.holder), "sym-lib-table"),
  field: 'sym-lib-table row "L" uri',
  rules: "kicad-uri",
  variables: box.variables,
  libraries: true,
  expect: "any",
  ...extra,
});

async function kindOf(ref: PathReference): Promise<string> {
  const resolution = await resolveReference(box.scope, ref);
  return resolution.ok ? "ok" : resolution.finding.kind;
}

describe("resolveReference: sheet files (relative to the parent sheet, no variables)", () => {
  it("follows paths inside the repository, through symlinks that stay inside", async () => {
    for (const written of [
      "sub/child.kicad_sch",
      "./sub//child.kicad_sch",
      "../shared/shared.kicad_sch",
      "link-in/shared.kicad_sch",
      "sub\\child.kicad_sch",
      "missing.kicad_sch",
    ]) {
      expect(await kindOf(sheet(written)), written).toBe("ok");
    }
    const found = await resolveReference(box.scope, sheet("../shared/shared.kicad_sch"));
    expect(found).toEqual({
      ok: true,
      path: join(box.root, "shared/shared.kicad_sch"),
      exists: true,
      inLibraries: false,
    });
  });

  it("refuses each way out, with the finding KiCad's reader would need", async () => {
    const cases: Array<[string, string]> = [
      ["../../../../../../../../etc/passwd", "path-outside-repo"],
      ["/etc/passwd", "path-outside-repo"],
      ["/proc/self/environ", "path-outside-repo"],
      ["~/secret.txt", "path-outside-repo"],
      ["~root/.ssh/id_rsa", "path-outside-repo"],
      ["..\\..\\..\\outside\\secret.txt", "path-outside-repo"],
      ["%2e%2e/%2e%2e/outside/secret.txt", "path-outside-repo"],
      ["link-out/secret.txt", "path-symlink-outside"],
      ["chain1", "path-symlink-outside"],
      ["dangling", "path-symlink-outside"],
      ["pipe", "path-not-a-file"],
      ["sub", "path-not-a-file"],
      ["../.git/config", "path-into-git"],
      ["../.GIT/config", "path-into-git"],
      ["", "path-invalid"],
      ["a\0b", "path-invalid"],
    ];
    for (const [written, kind] of cases) expect(await kindOf(sheet(written)), written).toBe(kind);
  });

  it("does not expand variables in sheet paths (KiCad does not): they stay folder names", async () => {
    expect(await kindOf(sheet(`\${HOME}/secret.txt`))).toBe("ok");
    const literal = await resolveReference(box.scope, sheet(`\${HOME}/x.kicad_sch`));
    expect(literal.ok && literal.path).toBe(join(dirname(box.holder), `\${HOME}/x.kicad_sch`));
  });

  it("names the file, the field and the path as written in the finding, never the target", async () => {
    const refused = await resolveReference(box.scope, sheet("link-out/secret.txt"));
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.finding).toMatchObject({
      kind: "path-symlink-outside",
      file: "hardware/top.kicad_sch",
      field: 'Sheetfile of sheet "S"',
      path: "link-out/secret.txt",
    });
    expect(refused.finding.message).toMatch(
      /^hardware\/top\.kicad_sch: Sheetfile of sheet "S" "link-out\/secret\.txt" leads outside the repository through a symlink; copperhead did not read it — /,
    );
    expect(refused.finding.message).not.toContain(box.outside);
    expect(refused.finding.message).not.toContain("topsecret");
  });

  it("quotes a hostile path printable and bounded", async () => {
    const refused = await resolveReference(box.scope, sheet(`/etc/\u001b[31m${"x".repeat(500)}`));
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.finding.path).toContain("\u001b");
    expect(refused.finding.message).not.toContain("\u001b");
    expect(refused.finding.message).toContain("\\u{1b}[31m");
    expect(refused.finding.message.length).toBeLessThan(600);
  });
});

describe("resolveReference: library URIs and 3-D models (KiCad's variables)", () => {
  it("follows KIPRJMOD, KiCad's library folders (any version's name) and text variables", async () => {
    for (const written of [
      `\${KIPRJMOD}/sub/child.kicad_sch`,
      "$(KIPRJMOD)/sub",
      "$KIPRJMOD/sub",
      `\${KICAD9_SYMBOL_DIR}/Device.kicad_sym`,
      `\${KICAD6_SYMBOL_DIR}/Device.kicad_sym`,
      `\${LIBS}/child.kicad_sch`,
      `file://\${KIPRJMOD}/sub`,
      "sub/child.kicad_sch",
    ]) {
      expect(await kindOf(uri(written)), written).toBe("ok");
    }
    const library = await resolveReference(
      box.scope,
      uri(`\${KICAD9_SYMBOL_DIR}/Device.kicad_sym`),
    );
    expect(library).toMatchObject({ ok: true, inLibraries: true, exists: true });
  });

  it("refuses any variable KiCad would take from the environment, set or not", async () => {
    for (const written of [
      `\${A}/x.kicad_sym`,
      `\${HOME}/x`,
      "$(HOME)/x",
      "$HOME/x",
      `\\\${HOME}/x`,
      `\${NOT_SET_ANYWHERE}/x`,
      `\${NESTED}/x`,
      `\${kiprjmod}/x`,
      `\${KiPrJmOd}/x`,
    ]) {
      expect(await kindOf(uri(written)), written).toBe("path-variable");
    }
    const refused = await resolveReference(box.scope, uri(`\${A}/x.kicad_sym`));
    if (refused.ok) throw new Error("expected a refusal");
    // The finding names the variable, never its value.
    expect(refused.finding.message).toContain(`\${A}`);
    expect(refused.finding.message).not.toContain("topsecretvalue");
  });

  it("refuses relative URIs that climb (KiCad also tries them from its working folder)", async () => {
    expect(await kindOf(uri("../hardware/sub"))).toBe("path-outside-repo");
    expect(await kindOf(uri(`\${UP}/outside/secret.txt`))).toBe("path-outside-repo");
    // The same climb written from KIPRJMOD is a plain absolute path, and stays inside.
    expect(await kindOf(uri(`\${KIPRJMOD}/../shared`))).toBe("ok");
    // Simulation libraries and drawing sheets resolve from the project only: climbing is fine.
    expect(await kindOf(uri("../shared/shared.kicad_sch", { rules: "kicad-project" }))).toBe("ok");
  });

  it("refuses the library folder for sheets, and text variables that loop", async () => {
    expect(await kindOf(sheet(join(box.lib, "Device.kicad_sym")))).toBe("path-outside-repo");
    expect(await kindOf(uri(`\${LOOP}/x`))).toBe("path-invalid");
  });
});

describe("resolveReference never resolves outside the root (seeded property)", () => {
  const PREFIXES = [
    "",
    "./",
    "/",
    "//",
    `\${KIPRJMOD}/`,
    "$(KIPRJMOD)/",
    "$KIPRJMOD/",
    `\${HOME}/`,
    "~/",
    "file://",
    `\${kiprjmod}/`,
    `\${UP}/`,
    `\${LIBS}/`,
    "\\",
    `\${KICAD9_SYMBOL_DIR}/`,
    "%2e%2e/",
    "..%2f",
  ];
  const SEGMENTS = [
    "..",
    ".",
    "",
    "sub",
    "hardware",
    "shared",
    "link-out",
    "link-in",
    "chain1",
    "dangling",
    "pipe",
    ".git",
    "%2e%2e",
    "..\\..",
    "...",
    "repo",
    "REPO",
    "outside",
    "Device.kicad_sym",
    "child.kicad_sch",
    "secret.txt",
    "lib",
    "~",
  ];
  const SEPARATORS = ["/", "//", "\\", "/./"];

  function spelling(rnd: () => number): string {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
    const absolute =
      rnd() < 0.15 ? pick([box.root, box.base, box.root.toUpperCase(), box.outside, box.lib]) : "";
    const count = 1 + Math.floor(rnd() * 6);
    const parts = Array.from({ length: count }, () => pick(SEGMENTS));
    let text = parts.map((p, i) => (i === 0 ? p : `${pick(SEPARATORS)}${p}`)).join("");
    text = absolute ? `${absolute}/${text}` : `${pick(PREFIXES)}${text}`;
    return text;
  }

  /** An independent judgement of where a path really leads (its nearest existing ancestor). */
  function really(path: string): string {
    const missing: string[] = [];
    let current = path;
    for (;;) {
      try {
        return join(realpathSync.native(current), ...missing.reverse());
      } catch {
        const parent = dirname(current);
        if (parent === current) return path;
        missing.push(basename(current));
        current = parent;
      }
    }
  }

  it("2000 generated spellings, for sheets, library URIs and project paths", async () => {
    const rnd = seeded(11);
    const tally = { ok: 0, refused: 0 };
    for (let i = 0; i < 2000; i++) {
      const written = spelling(rnd);
      for (const ref of [sheet(written), uri(written), uri(written, { rules: "kicad-project" })]) {
        const resolution = await resolveReference(box.scope, ref);
        if (!resolution.ok) {
          tally.refused++;
          expect(resolution.finding.path).toBe(written);
          continue;
        }
        tally.ok++;
        const allowed = ref.libraries ? [box.root, box.lib] : [box.root];
        const where = really(resolution.path);
        expect(
          allowed.some((root) => isInside(root, resolution.path) && isInside(root, where)),
          `${ref.rules} ${JSON.stringify(written)} → ${resolution.path} (really ${where})`,
        ).toBe(true);
        expect(
          where.split("/"),
          `${ref.rules} ${JSON.stringify(written)} → ${where}`,
        ).not.toContain(".git");
      }
    }
    // Both outcomes are common: the generator is neither all traps nor all safe paths.
    expect(tally.ok).toBeGreaterThan(500);
    expect(tally.refused).toBeGreaterThan(500);
  });
});
