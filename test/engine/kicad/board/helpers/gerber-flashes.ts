/** A flash (D03) of a pad or via in a KiCad copper Gerber, in board coordinates (Y down). */
export interface Flash {
  /** From `%TO.P,<ref>,<pad>…%`; undefined for flashes without a pad attribute (vias). */
  ref: string | undefined;
  pad: string | undefined;
  x: number;
  y: number;
  /** The aperture's `.AperFunction` (ComponentPad, SMDPad,CuDef, ViaPad …). */
  fn: string | undefined;
  /** Which file it came from, for failure messages. */
  file: string;
}

const decode = (s: string) =>
  s.replace(/\\u([0-9A-Fa-f]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/**
 * The flashes of a Gerber X2 file as KiCad writes it (`%FSLAX46Y46*%`, mm): every `D03`
 * with the pad attribute and aperture function in force at that point. Y is negated back to
 * board coordinates.
 */
export function gerberFlashes(text: string, file: string): Flash[] {
  if (!text.includes("%FSLAX46Y46*%") || !text.includes("%MOMM*%")) {
    throw new Error(`${file}: expected KiCad's 4.6 mm Gerber format`);
  }
  const flashes: Flash[] = [];
  const apertureFn = new Map<string, string | undefined>();
  let pendingFn: string | undefined;
  let pad: { ref: string; pad: string } | undefined;
  let aperture: string | undefined;
  let x = 0;
  let y = 0;
  for (const line of text.split("\n")) {
    const fn = /^%TA\.AperFunction,([^*]*)\*%/.exec(line);
    if (fn) {
      pendingFn = fn[1];
      continue;
    }
    const define = /^%ADD(\d+)/.exec(line);
    if (define) {
      apertureFn.set(define[1] as string, pendingFn);
      continue;
    }
    const padAttr = /^%TO\.P,([^,*]*),([^,*]*)/.exec(line);
    if (padAttr) {
      pad = { ref: decode(padAttr[1] as string), pad: decode(padAttr[2] as string) };
      continue;
    }
    if (line.startsWith("%TD")) {
      pad = undefined;
      continue;
    }
    const select = /^(?:G\d\d)?D(\d+)\*$/.exec(line);
    if (select && Number(select[1]) >= 10) {
      aperture = select[1];
      continue;
    }
    const op = /^(?:X(-?\d+))?(?:Y(-?\d+))?(?:I-?\d+J-?\d+)?D0([123])\*$/.exec(line);
    if (!op) continue;
    if (op[1] !== undefined) x = Number(op[1]) / 1e6;
    if (op[2] !== undefined) y = -Number(op[2]) / 1e6;
    if (op[3] === "3") {
      const apertureFunction = aperture === undefined ? undefined : apertureFn.get(aperture);
      flashes.push({ ref: pad?.ref, pad: pad?.pad, x, y, fn: apertureFunction, file });
    }
  }
  return flashes;
}
