import type { ToolResult } from "../tool.js";
import { closestNames } from "./symbol-libraries.js";

const RESULT_CAP = 40;

/**
 * The answer of the library search tools: the `Lib:Name` ids holding every word of `query`
 * (case-insensitive), at most 40 and how many more; none → the closest ids (`glue` joins the
 * query's words for the comparison, as names are spelt in that library family).
 */
export function searchIds(options: {
  tool: string;
  kind: string;
  query: string;
  ids: readonly string[];
  libraries: number;
  glue: string;
}): ToolResult {
  const { tool, query, ids } = options;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = ids.filter((id) => {
    const lower = id.toLowerCase();
    return words.every((w) => lower.includes(w));
  });
  if (hits.length === 0) {
    const near = closestNames(query.replace(/\s+/g, options.glue), ids, 8);
    return {
      ok: true,
      summary: `${tool} ${query}: no matches`,
      detail: `no installed ${options.kind} matches "${query}" (${options.libraries} libraries searched). Closest names: ${near.join(", ")}`,
    };
  }
  const more =
    hits.length > RESULT_CAP ? `\n… ${hits.length - RESULT_CAP} more; add words to narrow` : "";
  return {
    ok: true,
    summary: `${tool} ${query}: ${hits.length} match(es)`,
    detail: `${hits.slice(0, RESULT_CAP).join("\n")}${more}`,
  };
}
