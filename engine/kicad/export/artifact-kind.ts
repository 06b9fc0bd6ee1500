/** What an exported file is for; the outputs gate checks that each kind is there. */
export type ArtifactKind =
  | "gerber"
  | "gerber-job"
  | "drill"
  | "drill-map"
  | "outline-dxf"
  | "step"
  | "schematic-svg"
  | "schematic-png"
  | "board-svg"
  | "board-png"
  | "position"
  | "ordering-bom"
  | "supplier-bom"
  | "supplier-placement";

/** One exported file: its path inside the outputs folder and what kind of artifact it is. */
export interface ExportedFile {
  path: string;
  kind: ArtifactKind;
}
