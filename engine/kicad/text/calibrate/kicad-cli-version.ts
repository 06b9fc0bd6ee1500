import { NO_DESIGN } from "../../cli/cleared-design.js";
import { parseKicadVersion } from "../../cli/kicad-version.js";
import { withKicadCli } from "../../cli/run-kicad-cli.js";

/** The version of the kicad-cli the calibration measures (recorded in the table). */
export async function kicadCliVersion(): Promise<string> {
  return withKicadCli(
    NO_DESIGN,
    () => ["version"],
    async (run) => parseKicadVersion(run.stdout)?.text ?? run.stdout.trim(),
  );
}
