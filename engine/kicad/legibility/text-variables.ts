/**
 * KiCad draws `${NAME}` in a field as the value it names — another field of the same symbol
 * (`${SIM.PARAMS}`, `${VALUE}`), or a title-block entry (`${TITLE}`, `${REVISION}`). Text is
 * measured as drawn, so the checker resolves what KiCad would; a name it cannot resolve
 * stays literal, as KiCad also shows it.
 */
export type VariableLookup = (name: string) => string | undefined;

const VARIABLE = /\$\{([^}]+)\}/g;
/** KiCad resolves nested references a few levels deep; beyond that the text is a loop. */
const MAX_DEPTH = 4;

export function resolveTextVariables(text: string, lookup: VariableLookup): string {
  let out = text;
  for (let depth = 0; depth < MAX_DEPTH && out.includes("${"); depth++) {
    const next = out.replace(
      VARIABLE,
      (whole, name: string) => lookup(name.trim().toUpperCase()) ?? whole,
    );
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Lookup over named values (field names, title-block keys), case-insensitively. */
export function variablesFrom(entries: Iterable<readonly [string, string]>): VariableLookup {
  const map = new Map<string, string>();
  for (const [name, value] of entries) {
    const key = name.toUpperCase();
    if (!map.has(key)) map.set(key, value);
  }
  return (name) => map.get(name);
}
