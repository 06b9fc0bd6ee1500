import { open, readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./tool-error.js";

/** Matches one call returns at most. */
export const SEARCH_MATCH_CAP = 200;
/** A matching line is clipped to this many characters (KiCad files have very long lines). */
const LINE_CLIP = 300;
/** Files larger than this are skipped: generated data, not text a person edits. */
const FILE_BYTE_CAP = 5 * 1024 * 1024;
// Folders nobody wants matches from, plus copperhead's internals (runs, cache: huge and not
// the design). Confinement would refuse some of them anyway.
const SKIP_DIRS = new Set([".git", "node_modules", "dist"]);
const SKIP_PATHS = new Set([
  ".copperhead/runs",
  ".copperhead/cache",
  ".copperhead/events.jsonl",
  ".copperhead/config.json",
]);

export const searchArgs = z.object({
  pattern: z.string().min(1).describe("text to find (literal unless regex is true)"),
  regex: z.boolean().default(false).describe("treat pattern as a JavaScript regular expression"),
  ignore_case: z.boolean().default(false),
  path: z
    .string()
    .min(1)
    .optional()
    .describe("repo-relative folder or file to search in (default: the whole repository)"),
});

/**
 * search: `file:line: text` for every line matching a literal or a regex, across the repo (or
 * one folder), skipping .git, node_modules, dist, copperhead's run records, binaries and files
 * over 5 MB; at most SEARCH_MATCH_CAP matches, lines clipped.
 */
export const searchTool = defineTool({
  name: "search",
  description:
    "Search the repository's text files for a literal string (or a regex with regex: true). Returns `path:line: text` lines, at most 200; .git, node_modules and binaries are skipped.",
  schema: searchArgs,
  mutating: false,
  async run(args, context) {
    let matcher: RegExp;
    try {
      const source = args.regex
        ? args.pattern
        : args.pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      matcher = new RegExp(source, args.ignore_case ? "i" : "");
    } catch (error) {
      throw new ToolError(
        "invalid-arguments",
        `the pattern is not a valid regular expression: ${(error as Error).message}`,
        "fix the regex, or pass regex: false to search for the literal text",
      );
    }
    const start = await confinePath(context.repo, args.path ?? ".");
    const startRel = start.relative === "" ? "" : start.relative;
    const matches: string[] = [];
    let files = 0;
    let truncated = false;
    const visit = async (absolute: string, rel: string): Promise<void> => {
      if (truncated) return;
      const entries = await readdir(absolute, { withFileTypes: true }).catch(() => undefined);
      if (!entries) {
        await searchFile(absolute, rel);
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        if (truncated) return;
        const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
        if (SKIP_PATHS.has(childRel)) continue;
        // Symlinks are not followed: they could lead out of the repo or loop.
        if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) {
          await visit(join(absolute, entry.name), childRel);
        } else if (entry.isFile()) {
          await searchFile(join(absolute, entry.name), childRel);
        }
      }
    };
    const searchFile = async (absolute: string, rel: string): Promise<void> => {
      const text = await readText(absolute);
      if (text === undefined) return;
      files++;
      const lines = text.split("\n");
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i] ?? "";
        if (!matcher.test(line)) continue;
        if (matches.length >= SEARCH_MATCH_CAP) {
          truncated = true;
          return;
        }
        const clipped = line.length > LINE_CLIP ? `${line.slice(0, LINE_CLIP)}…` : line;
        matches.push(`${rel}:${i + 1}: ${clipped}`);
      }
    };
    await visit(start.absolute, startRel);
    const where = startRel === "" ? "the repository" : startRel;
    if (matches.length === 0) {
      return {
        ok: true,
        summary: `search ${args.pattern}: no matches`,
        detail: `no matches in ${where} (${files} file(s) searched)`,
      };
    }
    const note = truncated
      ? `\n… stopped at ${SEARCH_MATCH_CAP} matches; narrow the pattern or pass a path`
      : "";
    return {
      ok: true,
      summary: `search ${args.pattern}: ${matches.length}${truncated ? "+" : ""} match(es)`,
      detail: `${matches.join("\n")}${note}`,
    };
  },
});

/** The file's text, or undefined for binaries and oversized files. */
async function readText(path: string): Promise<string | undefined> {
  const handle = await open(path, "r").catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (info.size > FILE_BYTE_CAP) return undefined;
    const buffer = await handle.readFile();
    if (buffer.subarray(0, 8192).includes(0)) return undefined;
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}
