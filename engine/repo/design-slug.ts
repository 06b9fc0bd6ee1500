import { parseMarkdown } from "../flow/gates/markdown.js";

/**
 * The file name a new design's KiCad project gets: the brief's first heading without a
 * leading "Brief:", lower case, runs of anything but a-z0-9 turned into "-" ("# Brief: USB-C
 * 5V breakout" → "usb-c-5v-breakout"); "board" when the brief has no usable heading.
 */
export function designSlug(brief: string | undefined): string {
  if (brief === undefined) return "board";
  const heading = parseMarkdown(brief).children.find((n) => n.type === "heading");
  const title = heading ? heading.children.map((c) => ("value" in c ? c.value : "")).join("") : "";
  const slug = title
    .replace(/^\s*brief\s*:\s*/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug || "board";
}
