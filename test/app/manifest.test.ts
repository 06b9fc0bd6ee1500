import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { copperheadApp } from "../../app/app.js";
import { REPO_ROOT } from "../helpers/fixture-project.js";

const manifest = parse(readFileSync(join(REPO_ROOT, "app.yml"), "utf8")) as {
  default_events: string[];
  default_permissions: Record<string, string>;
};

describe("app.yml", () => {
  test("asks for exactly the permissions of the contract", () => {
    expect(manifest.default_permissions).toEqual({
      contents: "write",
      pull_requests: "write",
      issues: "write",
      checks: "write",
      actions: "write",
      metadata: "read",
    });
  });

  test("subscribes to exactly the events the App registers handlers for", () => {
    const registered = new Set<string>();
    const fakeProbot = {
      on: (names: string | string[]) => {
        for (const n of [names].flat()) registered.add(n.split(".")[0]!);
      },
      log: { error() {} },
      auth: async () => ({}),
    };
    copperheadApp({ identity: async () => ({ id: 1, slug: "x", botLogin: "x[bot]" }) })(
      fakeProbot as never,
    );
    expect([...registered].sort()).toEqual([...manifest.default_events].sort());
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [join(dir, e.name)]
        : [],
  );
}

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/^(?:import|export)[^"']*["']([^"']+)["']/gm)].map(
    (m) => m[1]!,
  );

describe("app/ keeps to its side of the house", () => {
  test("only github.ts talks to Octokit", () => {
    for (const file of sources(join(REPO_ROOT, "app"))) {
      if (file.endsWith("app/github.ts")) continue;
      const text = readFileSync(file, "utf8");
      expect(
        importsOf(file).filter((i) => i.startsWith("@octokit/")),
        file,
      ).toEqual([]);
      expect(
        /\.octokit\.|\brest\.(issues|pulls|repos|checks|actions|git)\./.test(
          text.replace(/context\.octokit, repo/, ""),
        ),
        file,
      ).toBe(false);
    }
  });

  test("engine code reached from app/ is schemas and pure renderers only: never agent/, kicad/cli or pipeline", () => {
    const seen = new Set<string>();
    const queue = sources(join(REPO_ROOT, "app"));
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const spec of importsOf(file)) {
        if (!spec.startsWith(".") || !spec.endsWith(".js")) continue;
        const target = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
        if (seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
      }
    }
    const engine = [...seen]
      .map((f) => relative(REPO_ROOT, f))
      .filter((f) => f.startsWith("engine/"))
      .sort();
    for (const f of engine)
      expect(f).not.toMatch(/^engine\/(agent|pipeline|kicad\/cli|repo|cli)\//);
    expect(engine).toEqual([
      "engine/check/check-report.ts",
      // The design diff the App posts: its schema and its pure Markdown renderer.
      "engine/diff/describe-change.ts",
      "engine/diff/diff-report.ts",
      "engine/diff/render-diff-markdown.ts",
      "engine/errors.ts",
      "engine/excerpt.ts",
      "engine/flow/evidence.ts",
      "engine/flow/outcome.ts",
      "engine/flow/stage-names.ts",
      "engine/kicad/drift/drift-finding.ts",
      "engine/kicad/legibility/finding.ts",
      "engine/kicad/legibility/report.ts",
      "engine/kicad/paths/path-finding.ts",
      "engine/kicad/score/metrics.ts",
      "engine/kicad/score/report.ts",
      "engine/kicad/violation.ts",
      // Shared with the workflow side: the check-result schema, job names, Markdown escaping.
      "engine/markdown/inline.ts",
      "engine/workflow/check-result.ts",
      "engine/workflow/diff-result.ts",
      "engine/workflow/settings.ts",
      "engine/workflow/workflow-names.ts",
    ]);
  });
});
