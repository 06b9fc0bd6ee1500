import { UnsafeDesignError } from "../../kicad/paths/unsafe-design-error.js";
import type { Evidence } from "../evidence.js";
import type { StageContext, StageDeclaration } from "../stage.js";

/**
 * A stage's gate, where a refused path (a gate input symlinked out of the repository, a design
 * naming a file outside it) is failed evidence that names it, never a crashed flow.
 */
export async function runGate(
  declaration: Pick<StageDeclaration, "gate">,
  context: StageContext,
): Promise<Evidence[]> {
  try {
    return await declaration.gate(context);
  } catch (error) {
    if (!(error instanceof UnsafeDesignError)) throw error;
    return [{ check: "safe-paths", ok: false, detail: error.message }];
  }
}
