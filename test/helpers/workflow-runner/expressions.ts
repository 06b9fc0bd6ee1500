import { data, Evaluator, Lexer, Parser } from "@actions/expressions";
import { truthy } from "@actions/expressions/result";

/** The contexts an expression may read (plain JSON), and the job's status so far. */
export interface ExpressionScope {
  contexts: Record<string, unknown>;
  /** success: no earlier step of the job (or composite) failed; cancelled: the run was cancelled. */
  status: "success" | "failure" | "cancelled";
}

const STATUS_FUNCTIONS = ["success", "failure", "always", "cancelled"] as const;

function toData(value: unknown): data.ExpressionData {
  return JSON.parse(JSON.stringify(value ?? null), data.reviver) as data.ExpressionData;
}

function parse(source: string, scope: ExpressionScope) {
  const lexed = new Lexer(source).lex();
  return new Parser(
    lexed.tokens,
    Object.keys(scope.contexts),
    STATUS_FUNCTIONS.map((name) => ({ name, minArgs: 0, maxArgs: 0 })),
  ).parse();
}

/** Evaluates one expression (without `${{ }}`) with GitHub's own evaluator. */
export function evaluate(source: string, scope: ExpressionScope): data.ExpressionData {
  const context = new data.Dictionary(
    ...Object.entries(scope.contexts).map(([key, value]) => ({ key, value: toData(value) })),
  );
  const bool = (v: boolean) => ({ call: () => new data.BooleanData(v) });
  const functions = new Map(
    Object.entries({
      success: { name: "success", minArgs: 0, maxArgs: 0, ...bool(scope.status === "success") },
      failure: { name: "failure", minArgs: 0, maxArgs: 0, ...bool(scope.status === "failure") },
      always: { name: "always", minArgs: 0, maxArgs: 0, ...bool(true) },
      cancelled: {
        name: "cancelled",
        minArgs: 0,
        maxArgs: 0,
        ...bool(scope.status === "cancelled"),
      },
    }),
  );
  return new Evaluator(parse(source, scope), context, functions).evaluate();
}

const EMBEDDED = /\$\{\{(.*?)\}\}/gs;

/** A string with every `${{ … }}` replaced by its value as text, as GitHub does for `with:`/`env:`. */
export function interpolate(text: string, scope: ExpressionScope): string {
  return text.replace(EMBEDDED, (_m, body: string) => evaluate(body.trim(), scope).coerceString());
}

/**
 * An `if:` as GitHub reads it: the condition with or without `${{ }}`, and `success() && (…)`
 * unless it calls a status function itself.
 */
export function condition(source: string | undefined, scope: ExpressionScope): boolean {
  if (source === undefined) return scope.status === "success";
  const body = source
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, "$1")
    .trim();
  const usesStatus = /\b(success|failure|always|cancelled)\s*\(/.test(body);
  const result = truthy(evaluate(body, scope));
  return usesStatus ? result : scope.status === "success" && result;
}
