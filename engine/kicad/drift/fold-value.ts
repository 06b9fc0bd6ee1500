/**
 * Component values compared the way an engineer reads them: "4k7" = "4.7k" = "4700" = "4.7 kΩ",
 * "100nF" = "0.1uF" = "100 nF", "10R" = "10 ohms" = "10Ω", "µ" = "u" = "μ", "≥" = ">=". SI
 * prefixes keep their case where it matters ("m" milli vs "M" mega) and are folded where it is
 * unambiguous ("K" → k, "U" → u, "N" → n, "P" → p, "meg" → M).
 */
export type ValueToken =
  | { kind: "number"; value: number; unit?: string; source: string }
  /** `text` is compared (lower case), `source` is shown. */
  | { kind: "word"; text: string; source: string };

export interface FoldedValue {
  tokens: ValueToken[];
  /** A canonical spelling, for messages: "4.7kΩ", "100nF", "≥ 3.3V". */
  text: string;
}

const PREFIX: Record<string, number> = {
  p: -12,
  P: -12,
  n: -9,
  N: -9,
  u: -6,
  U: -6,
  m: -3,
  k: 3,
  K: 3,
  M: 6,
  meg: 6,
  MEG: 6,
  Meg: 6,
  G: 9,
  T: 12,
};

/** Unit spellings → canonical symbol (ohm written Ω in output). */
const UNIT: Record<string, string> = {
  ohm: "Ω",
  ohms: "Ω",
  r: "Ω",
  f: "F",
  farad: "F",
  farads: "F",
  h: "H",
  henry: "H",
  henries: "H",
  henrys: "H",
  v: "V",
  volt: "V",
  volts: "V",
  a: "A",
  amp: "A",
  amps: "A",
  ampere: "A",
  amperes: "A",
  w: "W",
  watt: "W",
  watts: "W",
  hz: "Hz",
  "%": "%",
};

const PREFIX_SOURCE = "meg|MEG|Meg|[pPnNuUmkKMGT]";
const UNIT_SOURCE = "ohms?|farads?|henr(?:y|ies|ys)|volts?|amps?|amperes?|watts?|hz|[rfhvaw%]";
const NUMBER = new RegExp(
  `^(\\d+(?:\\.\\d*)?|\\.\\d+)(?:e([+-]?\\d+))?(${PREFIX_SOURCE})?(${UNIT_SOURCE})?$`,
  "i",
);
/** RKM / IEC 60062 codes: the prefix (or R for ohms, V for volts) stands for the decimal point. */
const RKM = /^(\d+)([pnumRkKMGV])(\d{1,3})([a-zA-Z%]*)$/;
const OPERATOR = /^(>=|<=|>|<|±|~)(.+)$/;

export function foldValue(text: string): FoldedValue {
  const tokens: ValueToken[] = [];
  for (const raw of tokenize(normalize(text))) {
    const op = OPERATOR.exec(raw);
    const parts = op ? [op[1] as string, op[2] as string] : [raw];
    for (const part of parts) tokens.push(foldToken(part));
  }
  return { tokens, text: tokens.map(formatToken).join(" ") };
}

/** Whether two values say the same thing (a unit missing on one side is not a difference). */
export function valuesEquivalent(a: string, b: string): boolean {
  const x = foldValue(a).tokens;
  const y = foldValue(b).tokens;
  return x.length === y.length && x.every((t, i) => tokensEquivalent(t, y[i] as ValueToken));
}

function tokensEquivalent(a: ValueToken, b: ValueToken): boolean {
  if (a.kind === "word" || b.kind === "word") {
    return a.kind === "word" && b.kind === "word" && a.text === b.text;
  }
  const close =
    Math.abs(a.value - b.value) <= 1e-9 * Math.max(Math.abs(a.value), Math.abs(b.value));
  return close && (a.unit === undefined || b.unit === undefined || a.unit === b.unit);
}

function normalize(text: string): string {
  return (
    text
      .normalize("NFKC")
      .replace(/[µμ]/g, "u")
      .replace(/[ΩΩ]/g, "ohm")
      .replace(/≥/g, ">=")
      .replace(/≤/g, "<=")
      .replace(/\+\/-/g, "±")
      .replace(/[–—]/g, "-")
      // "1,000" is a thousands separator, "4,7k" a decimal comma.
      .replace(/(\d),(\d{3})(?!\d)/g, "$1$2")
      .replace(/(\d),(\d)/g, "$1.$2")
      // "4.7 k", "100 nF", "10 kohm", ">= 3.3V": glue the number to what qualifies it.
      .replace(
        new RegExp(`(\\d)\\s+(?=(?:${PREFIX_SOURCE})?(?:${UNIT_SOURCE})?(?:\\s|$|,|;|/))`, "gi"),
        "$1",
      )
      .replace(/(>=|<=|[<>±~])\s+(?=[\d.])/g, "$1")
  );
}

function tokenize(text: string): string[] {
  return text.split(/[\s,;/]+/).filter(Boolean);
}

function foldToken(token: string): ValueToken {
  // "R10" is 0.10 Ω in RKM notation.
  const leadingR = /^R(\d{1,3})$/.exec(token);
  if (leadingR) return number(Number(`0.${leadingR[1]}`), "Ω", token);
  const rkm = RKM.exec(token);
  if (rkm) {
    const [, whole, mark, fraction, rest] = rkm as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const unitFromRest = rest ? UNIT[rest.toLowerCase()] : undefined;
    if (!rest || unitFromRest) {
      const base = Number(`${whole}.${fraction}`);
      const exponent = mark === "R" || mark === "V" ? 0 : (PREFIX[mark] ?? 0);
      const unit = mark === "R" ? "Ω" : mark === "V" ? "V" : unitFromRest;
      return number(base * 10 ** exponent, unit, token);
    }
  }
  const m = NUMBER.exec(token);
  if (m) {
    const [, digits, exp, prefix, unit] = m as unknown as [
      string,
      string,
      string?,
      string?,
      string?,
    ];
    let value = Number(digits) * 10 ** Number(exp ?? 0);
    const unitText = unit;
    const prefixText = prefix;
    // The regex is case-insensitive for units; prefixes must keep their case ("m" ≠ "M").
    if (prefixText && !(prefixText in PREFIX)) return word(token);
    if (prefixText) value *= 10 ** (PREFIX[prefixText] ?? 0);
    return number(value, unitText ? UNIT[unitText.toLowerCase()] : undefined, token);
  }
  return word(token);
}

function word(token: string): ValueToken {
  return { kind: "word", text: token.toLowerCase(), source: token };
}

function number(value: number, unit: string | undefined, source: string): ValueToken {
  const rounded = Number(value.toPrecision(12));
  return unit
    ? { kind: "number", value: rounded, unit, source }
    : { kind: "number", value: rounded, source };
}

const ENGINEERING = ["p", "n", "u", "m", "", "k", "M", "G", "T"];

function formatToken(token: ValueToken): string {
  if (token.kind === "word")
    return token.text === ">=" ? "≥" : token.text === "<=" ? "≤" : token.source;
  // Plain digits ("0402") are codes more often than quantities: show them as written.
  if (/^\d+$/.test(token.source)) return token.source;
  const unit = token.unit ?? "";
  if (token.value === 0 || unit === "%") return `${token.value}${unit}`;
  const exponent = Math.max(-4, Math.min(4, Math.floor(Math.log10(Math.abs(token.value)) / 3)));
  const mantissa = Number((token.value / 10 ** (exponent * 3)).toPrecision(6));
  return `${mantissa}${ENGINEERING[exponent + 4]}${unit}`;
}
