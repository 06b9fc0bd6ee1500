import { createHash } from "node:crypto";

/**
 * Hidden markers: how the App finds what it posted before. Each is an HTML comment GitHub does
 * not render. They are only ever trusted on comments whose author is the App itself.
 */
export const TRACKER_MARKER = "<!-- copperhead:tracker v1 -->";
export const INSTALL_MARKER = "<!-- copperhead:install-workflow v1 -->";
export const REFUSAL_MARKER = "<!-- copperhead:refusal v1 -->";

const FINDING = /<!-- copperhead:finding ([a-z]+):([0-9a-f]{16}) -->/g;

export function findingMarker(stage: string, key: string): string {
  return `<!-- copperhead:finding ${stage}:${key} -->`;
}

/** Every finding marker in a body the App wrote, as `stage:key`. */
export function findingMarkers(body: string): string[] {
  return [...body.matchAll(FINDING)].map((m) => `${m[1]}:${m[2]}`);
}

/** A stable 16-hex key: the same finding in a later attempt gets the same key. */
export function findingKey(parts: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 16);
}

/** The one design-diff comment per pull request (a person's pushes), edited in place. */
export const DIFF_MARKER = "<!-- copperhead:diff v1 -->";
