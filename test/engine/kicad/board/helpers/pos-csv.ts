/** One row of `kicad-cli pcb export pos --format csv --units mm`. */
export interface PosRow {
  ref: string;
  value: string;
  pkg: string;
  /** As kicad-cli prints them: Y is negated relative to the board file. */
  posX: number;
  posY: number;
  rot: number;
  side: string;
}

/** Splits one CSV line; fields may be double-quoted with "" for a quote. */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = "";
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error(`unterminated quote in ${line}`);
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      out.push(value);
      i++; // the comma
    } else {
      const comma = line.indexOf(",", i);
      const end = comma < 0 ? line.length : comma;
      out.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return out;
}

export function parsePosCsv(text: string): PosRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines.shift();
  if (header !== "Ref,Val,Package,PosX,PosY,Rot,Side") {
    throw new Error(`unexpected position file header: ${header}`);
  }
  return lines.map((line) => {
    const [ref, value, pkg, x, y, rot, side] = splitCsvLine(line);
    return {
      ref: ref ?? "",
      value: value ?? "",
      pkg: pkg ?? "",
      posX: Number(x),
      posY: Number(y),
      rot: Number(rot),
      side: side ?? "",
    };
  });
}
