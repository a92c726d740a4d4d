// What the page and workers/sha256.worker.ts say to each other (src/db/attachment-hash.ts), and the digest's form.

export interface HashRequest {
  blob: Blob;
}
export type HashResponse = { ok: true; hex: string } | { ok: false; error: string };

/** Lower-case hex, two digits a byte: what RxDB's own SHA-256 answers, so a digest is the same wherever made. */
export function toHex(digest: ArrayBuffer): string {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
