import type { ScaffoldDesign } from "./scaffold-design.js";

/** The line under each scaffolded sheet heading of SUBSYSTEMS.md (the architecture gate knows it). */
export const SUBSYSTEMS_SCAFFOLD_LINE = "Per-sheet values and reasoning";

/** Docs that are logs: created once, appended to by people and stages, never regenerated. */
export const APPEND_ONLY = new Set(["DECISIONS.md", "CHANGELOG.md"]);

/**
 * Text as Markdown shows it literally: code, emphasis, link, HTML and table characters escaped
 * (an underscore or tilde only where a reader could take it for markup: doubled, or at a word's
 * edge), so a footprint like `DIP-28__300__600` reads back exactly as written while
 * `R_0603_1608Metric` stays readable.
 */
export const literal = (text: string) =>
  text.replace(/[\\`*[\]<>|]/g, "\\$&").replace(/[_~]/g, (c, i: number, all: string) => {
    const before = all[i - 1] ?? "";
    const after = all[i + 1] ?? "";
    const inWord = /[A-Za-z0-9]/.test(before) && /[A-Za-z0-9]/.test(after);
    return inWord ? c : `\\${c}`;
  });
/** A table cell: literal text, line breaks flattened. */
const cell = (text: string) => literal(text.replace(/\s*\n\s*/g, " ").trim());
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;

function spec(d: ScaffoldDesign): string {
  return `# Specification — ${d.title}

<!-- copperhead init: say in a paragraph what this board is for. -->

## Interfaces

<!-- Connectors, buses, user inputs and outputs. -->

## Budgets

<!-- One line per budget: its numbers with units and its constraint key, for example
- Supply: 5 V at 20 mA max (\`power.supply_current_mA\`)
and the same budget in .copperhead/constraints.json (docs/constraints.md). -->

## Assumptions

<!-- ASSUMED: what the design takes for granted that no requirement states, and why. -->
`;
}

function subsystems(d: ScaffoldDesign): string {
  const sections = d.sheets.map(
    (s) =>
      `## Sheet ${literal(s.name)}\n\n${SUBSYSTEMS_SCAFFOLD_LINE}\n\n${s.parts.map((p) => `- ${literal(p.ref)}: ${literal(p.value)}`).join("\n")}\n`,
  );
  return `# Subsystems — ${d.title}\n\n<!-- copperhead init: replace each sheet's inventory with what the subsystem does, what it takes in and gives out, and why it is built this way. -->\n\n${sections.join("\n")}`;
}

function bom(d: ScaffoldDesign): string {
  const rows = d.sheets
    .flatMap((s) => s.parts)
    .map((p) =>
      row([
        p.ref,
        "1",
        p.value,
        p.libId,
        p.footprint,
        "UNVERIFIED",
        p.mpn
          ? `extracted from schematic by copperhead init; its MPN field says ${p.mpn}: verify it and write it in the MPN column`
          : "extracted from schematic by copperhead init",
      ]),
    );
  return `# Bill of materials — ${d.title}\n\n<!-- copperhead init: every MPN is UNVERIFIED until a person chooses the part. -->\n\n${row(["Refdes", "Qty", "Value", "Symbol", "Footprint", "MPN", "Rationale"])}\n${row(["---", "---", "---", "---", "---", "---", "---"])}\n${rows.join("\n")}\n`;
}

function pinout(d: ScaffoldDesign): string {
  const rows = d.pins.map((p) => row([p.ref, p.pin, p.name, p.net, ""]));
  return `# Pinout — ${d.title}\n\n<!-- copperhead init: extracted from the schematic's netlist. Review every row and add notes; firmware/pins.h is generated from this table. -->\n\n${row(["Refdes", "Pin", "Name", "Net", "Notes"])}\n${row(["---", "---", "---", "---", "---"])}\n${rows.join("\n")}\n`;
}

function layout(d: ScaffoldDesign): string {
  return `# Layout — ${d.title}\n\n## Draft quality\n\n<!-- copperhead init: say what is good about this board and what a person should review (placement compromises, thin tracks, unfilled zones). -->\n`;
}

/**
 * The docs `copperhead init` writes for an existing design, by file name in the docs folder:
 * placeholders a person (or a stage) fills, never evidence — every gate fails on them as they
 * are. Pure: the same design gives the same bytes.
 */
export function scaffoldDocs(design: ScaffoldDesign): Record<string, string> {
  return {
    "SPEC.md": spec(design),
    "SUBSYSTEMS.md": subsystems(design),
    "BOM.md": bom(design),
    "PINOUT.md": pinout(design),
    "LAYOUT.md": layout(design),
    "DECISIONS.md": `# Decisions — ${design.title}\n\n<!-- One entry per decision: what was chosen, the alternatives, and why. Newest last. -->\n`,
    "CHANGELOG.md": `# Changelog — ${design.title}\n\n<!-- Newest first. -->\n`,
  };
}
