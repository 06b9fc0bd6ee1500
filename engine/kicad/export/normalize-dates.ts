/**
 * The exports kicad-cli 9 stamps with the wall clock, and where: two runs on the same board
 * differ only there (measured: gerbers, drill files and drill maps, the gerber job, STEP and
 * SVG; DXF, PNG, position and BOM files carry no date).
 */
const STAMPS: ReadonlyArray<{ files: RegExp; pattern: RegExp; replace: (date: string) => string }> =
  [
    // Gerber X2 attribute and comment (layers, drill maps)
    {
      files: /\.(g[a-z0-9]{1,3}|gbr)$/i,
      pattern: /%TF\.CreationDate,[^*]*\*%/g,
      replace: (d) => `%TF.CreationDate,${d}T00:00:00+00:00*%`,
    },
    {
      files: /\.(g[a-z0-9]{1,3}|gbr)$/i,
      pattern: /(G04 Created by KiCad \([^)]*\) date )[0-9-]+ [0-9:]+/g,
      replace: (d) => `$1${d} 00:00:00`,
    },
    // Excellon drill header
    {
      files: /\.drl$/i,
      pattern: /(; DRILL file \{[^}]*\} date )\S+/g,
      replace: (d) => `$1${d}T00:00:00+0000`,
    },
    {
      files: /\.drl$/i,
      pattern: /(; #@! TF\.CreationDate,)\S+/g,
      replace: (d) => `$1${d}T00:00:00+00:00`,
    },
    // Gerber job file (JSON)
    {
      files: /\.gbrjob$/i,
      pattern: /("CreationDate":\s*")[^"]*"/g,
      replace: (d) => `$1${d}T00:00:00+00:00"`,
    },
    // STEP header: FILE_NAME('name','date',…)
    {
      files: /\.(step|stp)$/i,
      pattern: /(FILE_NAME\('[^']*',')[^']*'/g,
      replace: (d) => `$1${d}T00:00:00'`,
    },
    // SVG title
    {
      files: /\.svg$/i,
      pattern: /(<title>SVG Image created as .*? date )[0-9/]+ [0-9:]+/g,
      replace: (d) => `$1${d.replaceAll("-", "/")} 00:00:00`,
    },
  ];

/** Whether kicad-cli writes a date into files of this name. */
export function embedsDate(name: string): boolean {
  return STAMPS.some((s) => s.files.test(name));
}

/**
 * The file's text with every export date set to `date` (YYYY-MM-DD, midnight UTC), so the same
 * board always exports to the same bytes. Only the named stamps change.
 */
export function normalizeDates(name: string, text: string, date: string): string {
  let out = text;
  for (const stamp of STAMPS) {
    if (stamp.files.test(name)) out = out.replace(stamp.pattern, stamp.replace(date));
  }
  return out;
}

/** The date a design's exports carry: its board's title-block date, else a fixed one. */
export function exportDate(titleBlockDate: string | undefined): string {
  return titleBlockDate && /^\d{4}-\d{2}-\d{2}$/.test(titleBlockDate)
    ? titleBlockDate
    : "2020-01-01";
}
