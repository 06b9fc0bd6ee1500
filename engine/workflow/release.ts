import { readFileSync } from "node:fs";
import { z } from "zod";
import { packageFile } from "../package/package-root.js";

/**
 * Where copperhead's releases live: the GitHub repository whose tag `v<version>` is the Action
 * (`uses: <repository>@v<version>`) and whose release workflow publishes the container image
 * `ghcr.io/<owner>/copperhead:<version>`. A fork that publishes its own release passes
 * `--image` / `--action` to `copperhead workflow` and `install-workflow` (docs/actions.md).
 */
export const RELEASE_REPOSITORY = "copperhead-eda/copperhead";

let version: string | undefined;

/** The version of the installed copperhead (package.json): the tag the workflows point at. */
export function copperheadVersion(): string {
  version ??= z
    .object({ version: z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/) })
    .parse(JSON.parse(readFileSync(packageFile("package.json"), "utf8"))).version;
  return version;
}

/** The container image every job runs in, pinned to this version (never `latest`). */
export function defaultImage(): string {
  return `ghcr.io/${RELEASE_REPOSITORY.split("/")[0]}/copperhead:${copperheadVersion()}`;
}

/** The copperhead Action at this version's tag. */
export function defaultAction(): string {
  return `${RELEASE_REPOSITORY}@v${copperheadVersion()}`;
}
