import { KicadVersionError } from "./errors.js";

export const MIN_KICAD_MAJOR = 9;

export interface KicadVersion {
  /** As kicad-cli printed it, e.g. "9.0.8". */
  text: string;
  major: number;
  minor: number;
  patch: number;
}

/** Reads `kicad-cli version` output ("9.0.8"); undefined when it holds no version number. */
export function parseKicadVersion(output: string): KicadVersion | undefined {
  const match = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return undefined;
  const [text, major, minor, patch] = match;
  return { text, major: Number(major), minor: Number(minor), patch: Number(patch ?? 0) };
}

/** The parsed version, or KicadVersionError unless it is KiCad 9 or newer. */
export function requireSupportedVersion(output: string, binary: string): KicadVersion {
  const version = parseKicadVersion(output);
  if (!version) throw new KicadVersionError(JSON.stringify(output.trim()), binary);
  if (version.major < MIN_KICAD_MAJOR) throw new KicadVersionError(version.text, binary);
  return version;
}
