import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded originals live: a directory, or S3-compatible object storage shared by every server
 * instance (docs/server.md, Scale-out). Keys are chosen by the server (`images/<id>/<uuid>`), never taken
 * from a client as they are. Blobs are immutable: written once, read many times, deleted only when the
 * upload that wrote them lost a race.
 */
export interface BlobStore {
  readonly kind: 'fs' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such blob */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys: path segments of letters, digits, `.`, `-`, `_`; no empty, `.` or `..` segment. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key))
    throw new Error(`invalid blob key: ${key}`);
  return key;
}

/** fsync of a directory makes a rename in it durable (not possible on every platform; then skipped). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}

export function fsBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = join(base, checkKey(key));
    if (!p.startsWith(base + sep)) throw new Error(`invalid blob key: ${key}`);
    return p;
  };
  return {
    kind: 'fs',
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written under a unique temporary name and renamed: a reader never sees half a file.
      const part = `${path}.${randomUUID()}.part`;
      // Synced to disk before the rename and the directory after it: the database row naming this blob is
      // committed only after put() returns, so a power cut can never leave a row whose image is gone.
      const file = await open(part, 'w');
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(part, path);
      await syncDir(dirname(path));
    },
    async get(key) {
      return readFile(pathOf(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return undefined;
        throw e;
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
