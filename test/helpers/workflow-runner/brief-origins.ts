import { afterAll, beforeAll } from "vitest";
import { git } from "../../../engine/repo/git.js";
import { builtCli } from "../packed-cli.js";
import { type GitHubAppMock, mockGitHubApp, testApp } from "./github-app-mock.js";
import { demoBrief, type HardwareOrigin, hardwareOrigin } from "./hardware-origin.js";

export interface BriefOrigins {
  /** GitHub's API as the token-minting step meets it (nock; no real connection possible). */
  readonly api: GitHubAppMock;
  /** A hardware origin whose `branch` holds only the demo's brief.md (settings optional). */
  setup(settings?: string): Promise<HardwareOrigin>;
}

/**
 * For a test file of the local runner: the built CLI and the GitHub mock made once before its
 * tests, every origin it set up removed after them.
 */
export function briefOrigins(branch: string): BriefOrigins {
  let bin = "";
  let brief = "";
  let api: GitHubAppMock | undefined;
  const cleanups: HardwareOrigin[] = [];
  beforeAll(async () => {
    bin = (await builtCli()).bin;
    brief = await demoBrief();
    api = mockGitHubApp("octo-org/octo-repo", testApp());
  }, 300_000);
  afterAll(async () => {
    api?.done();
    for (const h of cleanups) await h.remove();
  });
  return {
    get api() {
      if (!api) throw new Error("briefOrigins: the api mock exists once beforeAll has run");
      return api;
    },
    async setup(settings) {
      const h = await hardwareOrigin({
        bin,
        branch,
        design: { "brief.md": brief },
        ...(settings === undefined ? {} : { settings }),
      });
      cleanups.push(h);
      return h;
    },
  };
}

/** `git log --format=<format> <rev>` in the origin, one entry per line. */
export const originLog = (h: HardwareOrigin, rev: string, format: string) =>
  git(h.origin, ["log", `--format=${format}`, rev]).then((s) => s.trim().split("\n"));
