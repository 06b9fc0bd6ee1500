// The escapers are shared with the design workflow's job summaries (engine/workflow).
export { code, inline, truncate } from "../../engine/markdown/inline.js";
