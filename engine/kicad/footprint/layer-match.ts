/**
 * Whether a layer list as KiCad writes it (`"*.Cu"`, `"F&B.Cu"`, `"*.Mask"`, `"F.Cu"`) covers
 * a concrete layer name such as `B.Cu` or `In2.Cu`.
 */
export function layerListCovers(layers: readonly string[], layer: string): boolean {
  const dot = layer.indexOf(".");
  const side = dot < 0 ? "" : layer.slice(0, dot);
  const kind = dot < 0 ? layer : layer.slice(dot + 1);
  for (const entry of layers) {
    if (entry === layer) return true;
    if (entry === `*.${kind}`) return true;
    if (entry === `F&B.${kind}` && (side === "F" || side === "B")) return true;
  }
  return false;
}

/** True for copper layer names: F.Cu, B.Cu, In1.Cu … */
export function isCopperLayer(layer: string): boolean {
  return layer.endsWith(".Cu");
}
