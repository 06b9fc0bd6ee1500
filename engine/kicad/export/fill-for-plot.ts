import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { CopperheadError } from "../../errors.js";
import { kicadLimit } from "../cli/concurrency-limit.js";

/** pcbnew failed to fill a board for plotting; the message says which step and why. */
export class ZoneFillError extends CopperheadError {}

/** The interpreter KiCad's Debian package builds pcbnew for; a pyenv `python3` lacks it. */
const SYSTEM_PYTHON = "/usr/bin/python3";

/**
 * Loads a board, fills every copper zone with KiCad's own filler and saves the result as a
 * new file: kicad-cli plots zones as they are stored, and never fills them. The saved copy is
 * pcbnew's (new stamp, fresh property uuids) and only ever lives in a scratch folder.
 */
const SCRIPT = `import json, sys
request, response = sys.argv[1], sys.argv[2]
with open(request, encoding="utf-8") as f:
    job = json.load(f)
def answer(payload):
    with open(response, "w", encoding="utf-8") as out:
        json.dump(payload, out)
try:
    import pcbnew
except ImportError as error:
    answer({"ok": False, "error": "module-missing", "message": str(error)})
    sys.exit(3)
try:
    board = pcbnew.LoadBoard(job["board"])
    zones = [z for z in board.Zones() if not z.GetIsRuleArea()]
    if zones:
        board.BuildConnectivity()
        pcbnew.ZONE_FILLER(board).Fill(zones)
    pcbnew.SaveBoard(job["out"], board)
    answer({"ok": True, "zones": len(zones)})
except Exception as error:
    answer({"ok": False, "error": "failed", "message": type(error).__name__ + ": " + str(error)})
`;

/** KiCad's wx build prints these on every import; they say nothing about the job. */
const NOISE = [/^\d\d:\d\d:\d\d: Debug: /, /^Debug: /, /Adding duplicate image handler/, /^\s*$/];

/**
 * Writes `out`: `board` with its copper zones filled by pcbnew (system Python, private KiCad
 * config), for kicad-cli to plot. `work` is a scratch folder the caller owns and removes.
 * Returns how many zones were filled.
 */
export async function fillForPlot(
  board: string,
  out: string,
  work: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const python = env.COPPERHEAD_PCBNEW_PYTHON || SYSTEM_PYTHON;
  return kicadLimit()(async () => {
    const dir = join(work, "pcbnew");
    await mkdir(join(dir, "config"), { recursive: true });
    await mkdir(join(dir, "tmp"), { recursive: true });
    await writeFile(join(dir, "fill.py"), SCRIPT);
    await writeFile(join(dir, "request.json"), JSON.stringify({ board, out }));
    const result = await execa(
      python,
      [join(dir, "fill.py"), join(dir, "request.json"), join(dir, "answer.json")],
      {
        env: {
          ...env,
          KICAD_CONFIG_HOME: join(dir, "config"),
          TMPDIR: join(dir, "tmp"),
          LANG: "C.UTF-8",
          LC_ALL: "C.UTF-8",
          PYTHONDONTWRITEBYTECODE: "1",
        },
        extendEnv: false,
        cwd: dir,
        stdin: "ignore",
        reject: false,
        timeout: 5 * 60_000,
      },
    );
    const stderr = String(result.stderr ?? "")
      .split(/\r?\n/)
      .filter((l) => !NOISE.some((n) => n.test(l)))
      .join(" / ");
    const said = stderr ? ` (${stderr.slice(-300)})` : "";
    const answer = await readFile(join(dir, "answer.json"), "utf8").then(
      (t) => JSON.parse(t) as { ok: boolean; error?: string; message?: string; zones?: number },
      () => undefined,
    );
    if (result.exitCode === undefined || answer?.error === "module-missing") {
      throw new ZoneFillError(
        `${python} cannot run KiCad's pcbnew module to fill the zones before plotting${said}`,
        "install KiCad 9 (bash scripts/install-kicad.sh) and use /usr/bin/python3, or set COPPERHEAD_PCBNEW_PYTHON to an interpreter that can `import pcbnew`",
      );
    }
    if (result.timedOut || result.signal || !answer || !answer.ok) {
      const why = result.timedOut
        ? "timed out"
        : result.signal
          ? `crashed (${result.signal})`
          : (answer?.message ?? `exited ${result.exitCode} without an answer`);
      throw new ZoneFillError(
        `pcbnew could not fill the zones of ${board}: ${why}${said}`,
        "open the board in KiCad 9 and refill its zones (B) to see the problem",
      );
    }
    return answer.zones ?? 0;
  });
}
