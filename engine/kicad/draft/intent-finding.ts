/** What a validation finding is about; the draft report and the tests key on it. */
export type IntentFindingKind =
  | "shape"
  | "duplicate-ref"
  | "duplicate-net"
  | "unknown-group"
  | "unknown-symbol"
  | "power-symbol-part"
  | "unknown-part"
  | "unknown-pin"
  | "ambiguous-pin"
  | "pin-in-two-nets"
  | "single-endpoint-net"
  | "no-connect-in-net"
  | "power-token-collision"
  | "bom-mismatch"
  | "does-not-fit"
  | "unconnected-power-pin"
  | "stacked-pins-split"
  | "no-connect-pin"
  | "hidden-power-pin"
  | "engine-fault";

/** One reason the intent cannot be drafted; `detail` names the fix. */
export interface IntentFinding {
  kind: IntentFindingKind;
  /** Where in the intent, as a JSON path ("parts[3].libId"); "" for the whole intent. */
  path: string;
  detail: string;
}

/** `intent validation: N finding(s) to reconcile:` then one numbered line per finding. */
export function renderIntentFindings(findings: readonly IntentFinding[]): string {
  const lines = [`intent validation: ${findings.length} finding(s) to reconcile:`];
  findings.forEach((f, i) => {
    lines.push(`  ${i + 1}. [${f.kind}]${f.path ? ` ${f.path}:` : ""} ${f.detail}`);
  });
  return lines.join("\n");
}
