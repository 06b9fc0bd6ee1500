import { readFile } from "node:fs/promises";

/**
 * GITHUB_OUTPUT / GITHUB_ENV as the runner reads them: `name=value` lines, and the heredoc form
 * `name<<DELIMITER` … `DELIMITER` that @actions/core writes.
 */
export function parseFileCommand(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i]!);
      if (i >= lines.length) throw new Error(`file command ${name}: no closing ${delimiter}`);
      out[name!] = body.join("\n");
      continue;
    }
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`file command: cannot read line ${JSON.stringify(line)}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export async function readFileCommand(path: string): Promise<Record<string, string>> {
  return parseFileCommand(await readFile(path, "utf8").catch(() => ""));
}

/** The values a step asked to mask (`::add-mask::value` on stdout). */
export function masksIn(stdout: string): string[] {
  return stdout
    .split("\n")
    .map((l) => /^::add-mask::(.*)$/.exec(l.replace(/\r$/, ""))?.[1])
    .filter((v): v is string => v !== undefined && v !== "");
}

/** `text` with every masked value replaced by `***`, as GitHub shows logs. */
export function applyMasks(text: string, masks: Iterable<string>): string {
  let out = text;
  for (const mask of [...masks].sort((a, b) => b.length - a.length))
    out = out.split(mask).join("***");
  return out;
}
