import { readFile, stat } from "node:fs/promises";
import { z } from "zod";
import { confinePath } from "./confine.js";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./tool-error.js";

/** Lines one call returns at most; the rest is reached with start_line. */
export const READ_LINE_CAP = 2000;
/** Characters one call returns at most (a long-lined file still fits a turn). */
export const READ_CHAR_CAP = 120_000;
/** Files larger than this are refused outright: they are data, not something to read in a turn. */
const READ_BYTE_CAP = 20 * 1024 * 1024;

const lineNumber = z.coerce.number().int().min(1);

export const readFileArgs = z
  .object({
    path: z.string().min(1).describe("repo-relative path of the file"),
    start_line: lineNumber.optional().describe("first line to return (1-based)"),
    end_line: lineNumber.optional().describe("last line to return (inclusive)"),
  })
  .refine(
    (a) => a.end_line === undefined || a.start_line === undefined || a.end_line >= a.start_line,
    {
      message: "end_line must not be before start_line",
    },
  );

/**
 * read_file: a file's text as `N: line` lines (numbered, so ranges and edits can be aimed),
 * at most READ_LINE_CAP lines / READ_CHAR_CAP characters per call with a note saying how to
 * read on. Confined to the repo.
 */
export const readFileTool = defineTool({
  name: "read_file",
  description:
    "Read a text file of the repository. Returns numbered lines (`N: text`); pass start_line/end_line for a range. Long files are returned in chunks with a note on how to continue.",
  schema: readFileArgs,
  mutating: false,
  async run(args, context) {
    const file = await confinePath(context.repo, args.path);
    const info = await stat(file.absolute).catch(() => undefined);
    if (!info?.isFile()) {
      throw new ToolError(
        "not-found",
        `${file.relative || "."} does not exist or is not a file`,
        "check the path (search can find files by content)",
      );
    }
    if (info.size > READ_BYTE_CAP) {
      throw new ToolError(
        "refused",
        `${file.relative} is ${info.size} bytes, too large to read`,
        "use search to find the lines you need",
      );
    }
    const text = await readFile(file.absolute, "utf8");
    if (text.includes("\0")) {
      throw new ToolError("refused", `${file.relative} is a binary file`, "read text files only");
    }
    const lines = text.split("\n");
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    const first = args.start_line ?? 1;
    if (first > Math.max(lines.length, 1)) {
      throw new ToolError(
        "invalid-arguments",
        `${file.relative} has ${lines.length} line(s); start_line ${first} is past the end`,
        `pass a start_line between 1 and ${lines.length}`,
      );
    }
    const last = Math.min(args.end_line ?? lines.length, lines.length, first + READ_LINE_CAP - 1);
    const out: string[] = [];
    let chars = 0;
    let shownLast = first - 1;
    for (let n = first; n <= last; n++) {
      const line = `${n}: ${lines[n - 1] ?? ""}`;
      if (chars + line.length > READ_CHAR_CAP && out.length > 0) break;
      out.push(line);
      chars += line.length + 1;
      shownLast = n;
    }
    const wanted = Math.min(args.end_line ?? lines.length, lines.length);
    const more =
      shownLast < wanted
        ? `\n… ${file.relative} continues (${lines.length} lines); call read_file with start_line ${shownLast + 1}`
        : "";
    return {
      ok: true,
      summary: `read ${file.relative} lines ${first}-${shownLast} of ${lines.length}`,
      detail: `${out.join("\n")}${more}`,
    };
  },
});
