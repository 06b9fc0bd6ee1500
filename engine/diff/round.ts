/** Rounds for reports: 4 decimals (0.1 µm in mm) by default, and never `-0`. */
export function round(value: number, decimals = 4): number {
  const rounded = Number(value.toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
}
