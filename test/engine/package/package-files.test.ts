import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadPrompt, PromptMissingError } from "../../../engine/agent/prompts/load-prompt.js";
import { DependencyMissingError, dependencyBin } from "../../../engine/package/dependency-bin.js";
import { copperheadRoot, packageFile } from "../../../engine/package/package-root.js";
import { stages } from "../../../stages/registry.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";

describe("copperheadRoot / packageFile", () => {
  it("finds the package by self-reference: the checkout when run from the sources", () => {
    expect(copperheadRoot()).toBe(REPO_ROOT);
    expect(packageFile("stages/spec/prompt.md")).toBe(`${REPO_ROOT}/stages/spec/prompt.md`);
  });

  it("ships every prompt a command loads (package.json files covers them)", async () => {
    const files = JSON.parse(readFileSync(packageFile("package.json"), "utf8")).files as string[];
    const globs = files.map(
      (f) => new RegExp(`^${f.replaceAll(".", "\\.").replaceAll("*", "[^/]+")}(/|$)`),
    );
    const prompts = ["engine/agent/prompts/do.md", ...stages.map((s) => s.prompt)];
    for (const prompt of prompts) {
      expect(
        globs.some((g) => g.test(prompt)),
        `${prompt} is not in package.json files`,
      ).toBe(true);
      expect((await loadPrompt(prompt)).length, prompt).toBeGreaterThan(100);
    }
    expect(await loadPrompt("do")).toBe(await loadPrompt("engine/agent/prompts/do.md"));
  });

  it("names the missing prompt and the fix", async () => {
    await expect(loadPrompt("stages/nothing/prompt.md")).rejects.toThrow(PromptMissingError);
    await expect(loadPrompt("nothing")).rejects.toThrow(/engine\/agent\/prompts\/nothing\.md/);
  });
});

describe("dependencyBin", () => {
  it("resolves OpenSpec's command script through Node's resolution, not PATH", () => {
    const bin = dependencyBin("@fission-ai/openspec", "openspec");
    expect(bin).toBe(`${REPO_ROOT}/node_modules/@fission-ai/openspec/bin/openspec.js`);
    expect(existsSync(bin)).toBe(true);
  });

  it("says what to reinstall when the package or its command is missing", () => {
    expect(() => dependencyBin("copperhead-no-such-package", "x")).toThrow(DependencyMissingError);
    expect(() => dependencyBin("copperhead-no-such-package", "x")).toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/reinstall copperhead/) }),
    );
    expect(() => dependencyBin("zod", "zod")).toThrow(/declares no `zod` command/);
  });
});
