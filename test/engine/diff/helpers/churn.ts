import { execa } from "execa";
import type { DesignFiles } from "./design-files.js";

/**
 * The same file with different whitespace: every run of spaces, tabs and newlines outside a
 * quoted string becomes one of " ", "\n", "\n\t\t" or "  " at random (seeded), and a few
 * lists get a break after "(". The tree, and so what KiCad loads, does not change.
 */
export function churnWhitespace(text: string, random: () => number): string {
  const runs = [" ", "\n", "\n\t\t", "  "];
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      while (i + 1 < text.length && /[ \t\r\n]/.test(text[i + 1]!)) i++;
      out += runs[Math.floor(random() * runs.length)];
    } else {
      out += c;
      if (c === "(" && random() < 0.05) out += "\n ";
    }
  }
  return out;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Every uuid of a design replaced by a fresh one, consistently across its files (a symbol's
 * uuid, the sheet paths built from sheet uuids, the board's footprint paths all stay in step):
 * what copying a sheet in KiCad or regenerating ids does to a design that did not change.
 */
export function churnUuids(files: DesignFiles, random: () => number): DesignFiles {
  const map = new Map<string, string>();
  const fresh = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  const out: DesignFiles = new Map();
  for (const [path, text] of files) {
    out.set(
      path,
      text.replace(UUID, (id) => {
        const key = id.toLowerCase();
        let next = map.get(key);
        if (!next) {
          next = fresh();
          map.set(key, next);
        }
        return next;
      }),
    );
  }
  return out;
}

/** KiCad's own load-and-save of a board: pcbnew's Python module (system python, kicad-facts §7). */
export async function resaveBoardWithPcbnew(path: string): Promise<void> {
  const script =
    "import sys, pcbnew\nb = pcbnew.LoadBoard(sys.argv[1])\npcbnew.SaveBoard(sys.argv[1], b)\n";
  await execa("/usr/bin/python3", ["-c", script, path]);
}
