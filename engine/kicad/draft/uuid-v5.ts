import { createHash } from "node:crypto";

/** copperhead's namespace for drafted items; fixed forever, or every redraft would change. */
export const DRAFT_NAMESPACE = "8c1f9a52-3d7e-5b40-9a6e-c0bbe4ead001";

function bytesOf(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ""), "hex");
}

/** RFC 9562 UUID version 5: SHA-1 of namespace + name, with the version and variant bits set. */
export function uuidV5(name: string, namespace: string = DRAFT_NAMESPACE): string {
  const hash = createHash("sha1").update(bytesOf(namespace)).update(name, "utf8").digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
