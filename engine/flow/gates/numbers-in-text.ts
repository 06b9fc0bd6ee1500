/**
 * The numbers a line of prose states: "3.3 V at 200 mA" → [3.3, 200]; "30 × 20 mm" → [30, 20];
 * "1,500 mA" → [1500]. Numbers inside identifiers (`R_0603`, `board.width_mm`) are numbers too;
 * callers only ask whether a given number is among them, so extras do no harm.
 */
export function numbersIn(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+/g)) {
    found.push(Number(m[0].replaceAll(",", "")));
  }
  return found;
}

/**
 * Whether `stated` shows `wanted`, allowing for the SI prefix the prose chose: a constraint
 * recorded as 1500 mA may be written as 1.5 A, 0.5 mm as 500 µm.
 */
export function statesNumber(stated: readonly number[], wanted: number): boolean {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return stated.some((n) =>
    [1, 1e3, 1e6, 1e-3, 1e-6].some((scale) => close(n * scale, Math.abs(wanted))),
  );
}
