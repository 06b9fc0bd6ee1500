import { CopperheadError, describeError } from "../errors.js";
import type { StageContext, StageDeclaration } from "../flow/stage.js";
import type { WorkReport } from "./attempt.js";

const cost = (ms: number) => ({ wallMs: ms, turns: 0, tokensIn: 0, tokensOut: 0, cacheHits: 0 });

/** A stage's deterministic `run` as the attempt's run phase; a CopperheadError is a failed run. */
export async function deterministicWork(
  run: NonNullable<StageDeclaration["run"]>,
  context: StageContext,
  signal: AbortSignal | undefined,
  now: () => number,
): Promise<WorkReport> {
  const started = now();
  try {
    const { summary } = await run({ ...context, ...(signal ? { signal } : {}) });
    return {
      exit: "done",
      summary,
      changelogOwed: true,
      verified: [],
      cost: cost(now() - started),
    };
  } catch (error) {
    if (signal?.aborted) {
      return {
        exit: "interrupted",
        summary: String(signal.reason),
        changelogOwed: false,
        verified: [],
        cost: cost(now() - started),
      };
    }
    if (!(error instanceof CopperheadError)) throw error;
    return {
      exit: "run-error",
      summary: describeError(error),
      changelogOwed: false,
      verified: [],
      cost: cost(now() - started),
    };
  }
}

/**
 * An adoption: no model and no code writes anything; the files as they are (a person's edit
 * of what the stage owns) go to the gate. A pass records them as the stage's result.
 */
export function adoptionWork(stage: StageDeclaration, owned: readonly string[]): WorkReport {
  const what = owned.length > 0 ? owned.join(", ") : `${stage.name}'s files`;
  return {
    exit: "done",
    summary: `Adopted ${what} as they are: the ${stage.name} gate passes on them`,
    changelogOwed: false,
    verified: [],
    cost: cost(0),
  };
}
