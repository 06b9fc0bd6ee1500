import type { z } from "zod";
import { checkBomDrift } from "../drift/check-bom.js";
import type { SymbolLookup } from "../library/symbol-catalog.js";
import { type Intent, intentSchema, splitEndpoint } from "./intent.js";
import type { IntentFinding } from "./intent-finding.js";
import { classifyNet } from "./net-class.js";
import { lookupPin, partPins } from "./pin-lookup.js";
import { powerToken } from "./power-token.js";
import type {
  ResolvedEndpoint,
  ResolvedIntent,
  ResolvedNet,
  ResolvedPart,
} from "./resolved-intent.js";

export interface ValidationContext {
  resolve(libId: string): Promise<SymbolLookup>;
  /** docs/SUBSYSTEMS.md headings, when the project has that file. */
  subsystems?: readonly string[];
  /** docs/BOM.md text, when the project has that file. */
  bom?: string;
}

export type ValidationResult =
  | { ok: true; resolved: ResolvedIntent }
  | { ok: false; findings: IntentFinding[] };

function zodPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    "",
  );
}

function shapeFindings(error: z.ZodError): IntentFinding[] {
  return error.issues.map((issue) => ({
    kind: "shape",
    path: zodPath(issue.path),
    detail: `${issue.message}; fix this field (docs/intent.md lists every field)`,
  }));
}

function groupOrder(intent: Intent, subsystems: readonly string[] | undefined): string[] {
  const used = [...new Set(intent.parts.map((p) => p.group))];
  const rank = new Map<string, number>();
  for (const [i, g] of (intent.hints?.groupOrder ?? []).entries()) rank.set(g.toLowerCase(), i);
  const base = (intent.hints?.groupOrder ?? []).length;
  for (const [i, g] of (subsystems ?? []).entries())
    if (!rank.has(g.toLowerCase())) rank.set(g.toLowerCase(), base + i);
  return used.sort((a, b) => {
    const ra = rank.get(a.toLowerCase()) ?? Number.POSITIVE_INFINITY;
    const rb = rank.get(b.toLowerCase()) ?? Number.POSITIVE_INFINITY;
    return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
  });
}

/**
 * Checks an intent completely before anything is placed and returns every finding at once (a
 * model fixes them in one turn), or the intent with its symbols loaded and its pins bound.
 */
export async function validateIntent(
  input: unknown,
  context: ValidationContext,
): Promise<ValidationResult> {
  const parsed = intentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, findings: shapeFindings(parsed.error) };
  const intent = parsed.data;
  const findings: IntentFinding[] = [];
  const add = (kind: IntentFinding["kind"], path: string, detail: string) =>
    findings.push({ kind, path, detail });

  // Parts: unique refs, known groups, real symbols.
  const parts = new Map<string, ResolvedPart>();
  const groups = context.subsystems;
  const lookups = await Promise.all(intent.parts.map((p) => context.resolve(p.libId)));
  intent.parts.forEach((part, i) => {
    const path = `parts[${i}]`;
    if (parts.has(part.ref) || intent.parts.findIndex((p) => p.ref === part.ref) < i) {
      add(
        "duplicate-ref",
        `${path}.ref`,
        `duplicate reference ${part.ref}; give each part its own reference`,
      );
      return;
    }
    if (groups && !groups.some((g) => g.toLowerCase() === part.group.toLowerCase())) {
      add(
        "unknown-group",
        `${path}.group`,
        `${part.ref} names group "${part.group}", which is not a docs/SUBSYSTEMS.md heading; use one of: ${groups.join(", ") || "(the file has no headings)"}`,
      );
    }
    const lookup = lookups[i] as SymbolLookup;
    if (!lookup.ok) {
      add("unknown-symbol", `${path}.libId`, `${part.ref}: ${lookup.message}`);
      return;
    }
    if (lookup.symbol.symbol.power) {
      add(
        "power-symbol-part",
        `${path}.libId`,
        `${part.ref}: "${part.libId}" is a power symbol, not a part; remove ${part.ref} from parts and nets and name the rail as a net (set "kind": "power" or "ground")`,
      );
      return;
    }
    parts.set(part.ref, { part, symbol: lookup.symbol });
  });
  const known = new Set(intent.parts.map((p) => p.ref));

  // Endpoints: real parts and pins, each pin on one net at most.
  const bind = (text: string, path: string): ResolvedEndpoint | undefined => {
    const { ref, pin } = splitEndpoint(text);
    if (!known.has(ref)) {
      add(
        "unknown-part",
        path,
        `"${text}" names part ${ref}, which is not in parts; add the part or fix the reference`,
      );
      return undefined;
    }
    const part = parts.get(ref);
    if (!part) return undefined; // its symbol finding already says what to do
    const found = lookupPin(ref, part.symbol.symbol, pin);
    if (!found.ok) {
      add(
        found.detail.includes("pins named") ? "ambiguous-pin" : "unknown-pin",
        path,
        found.detail,
      );
      return undefined;
    }
    return { ref, pin: found.pin };
  };
  const netOfPin = new Map<string, string>();
  const nets: ResolvedNet[] = [];
  const seenNets = new Map<string, number>();
  intent.nets.forEach((net, i) => {
    const path = `nets[${i}]`;
    if (seenNets.has(net.name)) {
      add(
        "duplicate-net",
        `${path}.name`,
        `duplicate net name ${net.name} (also nets[${seenNets.get(net.name)}]); merge the two nets or rename one`,
      );
      return;
    }
    seenNets.set(net.name, i);
    if (new Set(net.pins).size < 2) {
      add(
        "single-endpoint-net",
        `${path}.pins`,
        `net ${net.name} has ${new Set(net.pins).size} endpoint(s); a net needs at least two — add the other pins or list a lone pin under "noConnect"`,
      );
    }
    const endpoints: ResolvedEndpoint[] = [];
    net.pins.forEach((text, j) => {
      const endpoint = bind(text, `${path}.pins[${j}]`);
      if (!endpoint) return;
      const key = `${endpoint.ref}.${endpoint.pin.number}`;
      const other = netOfPin.get(key);
      if (other !== undefined) {
        add(
          "pin-in-two-nets",
          `${path}.pins[${j}]`,
          other === net.name
            ? `pin ${key} is listed twice in net ${net.name}; list it once`
            : `pin ${key} is in nets ${other} and ${net.name}; a pin joins one net — merge the nets or move the pin`,
        );
        return;
      }
      netOfPin.set(key, net.name);
      endpoints.push(endpoint);
    });
    nets.push({
      net,
      endpoints,
      class: classifyNet(
        net,
        endpoints.map((e) => e.pin),
      ),
    });
  });

  // No-connects: real pins that are on no net.
  const noConnect: ResolvedEndpoint[] = [];
  (intent.noConnect ?? []).forEach((text, i) => {
    const endpoint = bind(text, `noConnect[${i}]`);
    if (!endpoint) return;
    const net = netOfPin.get(`${endpoint.ref}.${endpoint.pin.number}`);
    if (net !== undefined) {
      add(
        "no-connect-in-net",
        `noConnect[${i}]`,
        `pin ${text} is declared no-connect but is in net ${net}; drop it from one of the two`,
      );
      return;
    }
    noConnect.push(endpoint);
  });

  // A power input left out of every net is almost always a forgotten rail, never a pin to leave
  // open silently; other unmentioned pins are still marked no-connect and listed in the report.
  const declaredOpen = new Set(noConnect.map((e) => `${e.ref}.${e.pin.number}`));
  for (const [i, p] of intent.parts.entries()) {
    const resolvedPart = parts.get(p.ref);
    if (!resolvedPart || resolvedPart.part !== p) continue; // duplicates: reported above
    for (const pin of partPins(resolvedPart.symbol.symbol)) {
      const key = `${p.ref}.${pin.number}`;
      if (pin.type !== "power_in" || netOfPin.has(key) || declaredOpen.has(key)) continue;
      const name = pin.name && pin.name !== "~" ? ` (${pin.name})` : "";
      add(
        "unconnected-power-pin",
        `parts[${i}]`,
        `power input ${key}${name} is in no net; add it to its supply or ground net, or list "${key}" under "noConnect" if it is really left open`,
      );
    }
  }

  // Power nets become power symbols whose value tokens must stay distinct.
  const tokens = new Map<string, string>();
  for (const n of nets) {
    if (n.class.class === "signal") continue;
    const token = powerToken(n.net.name);
    const other = tokens.get(token);
    if (other !== undefined) {
      add(
        "power-token-collision",
        `nets[${seenNets.get(n.net.name)}].name`,
        `power nets "${other}" and "${n.net.name}" both become the symbol token "${token}"; rename one`,
      );
    } else tokens.set(token, n.net.name);
  }

  if (context.bom !== undefined) findings.push(...bomFindings(intent, parts, context.bom));
  if (findings.length > 0) return { ok: false, findings };
  return {
    ok: true,
    resolved: { intent, parts, nets, noConnect, groups: groupOrder(intent, context.subsystems) },
  };
}

function bomFindings(
  intent: Intent,
  parts: Map<string, ResolvedPart>,
  bom: string,
): IntentFinding[] {
  const design = {
    symbols: intent.parts.map((p) => ({
      ref: p.ref,
      value: p.value,
      footprint: p.footprint,
      inBom: parts.get(p.ref)?.symbol.symbol.inBom ?? true,
      pins: partPins(parts.get(p.ref)?.symbol.symbol ?? ({ pins: [] } as never)).map((pin) => ({
        number: pin.number,
        name: pin.name,
      })),
    })),
    nets: [],
  };
  return checkBomDrift({ path: "docs/BOM.md", text: bom }, design).map((f) => ({
    kind: "bom-mismatch",
    path: f.refs.length > 0 ? `parts(${f.refs.join(",")})` : "",
    detail: `docs/BOM.md line ${f.row} [${f.kind}]: ${f.detail.replaceAll("schematic", "intent")}`,
  }));
}
