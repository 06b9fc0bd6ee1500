import { builtCli } from "../../../helpers/packed-cli.js";
import { type BinRun, runBin } from "../../../helpers/run-bin.js";

/** The built `copperhead` (dist/, built once per run) with `args` in `cwd`, as from a shell. */
export async function copperhead(args: string[], cwd: string): Promise<BinRun> {
  return runBin((await builtCli()).bin, args, { cwd, timeoutMs: 600_000 });
}
