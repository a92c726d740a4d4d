import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface VariantCache {
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, data: Buffer): Promise<void>;
  readonly bytes: number;
  readonly entries: number;
}

/**
 * Converted images (format, width, quality) on local disk, at most `maxBytes`, least recently used first
 * out. The cache is this instance's own: it is rebuilt on demand, so it may be deleted at any time and
 * need not be shared between instances. Its directory is apart from the originals, and file names are
 * hashes, so no image id can collide with it. Several instances on one directory stay correct: a file
 * another one evicted is simply a miss.
 */
export async function openVariantCache(dir: string, maxBytes: number): Promise<VariantCache> {
  await mkdir(dir, { recursive: true });
  // Map order is the recency order: oldest first. On start, existing files are ordered by modification time.
  const index = new Map<string, number>();
  const found = await Promise.all(
    (await readdir(dir))
      .filter((n) => /^[0-9a-f]{64}\.\w+$/.test(n))
      .map(async (n) => ({ n, s: await stat(join(dir, n)).catch(() => null) })),
  );
  for (const { n, s } of found.filter((f) => f.s).sort((a, b) => (a.s?.mtimeMs ?? 0) - (b.s?.mtimeMs ?? 0)))
    index.set(n, s?.size ?? 0);
  let bytes = [...index.values()].reduce((a, b) => a + b, 0);
  const fileOf = (key: string) => `${createHash('sha256').update(key).digest('hex')}.${key.split('.').pop() ?? 'bin'}`;
  const drop = (name: string) => {
    bytes -= index.get(name) ?? 0;
    index.delete(name);
  };
  const evict = async () => {
    for (const [name] of index) {
      if (bytes <= maxBytes) break;
      drop(name);
      await rm(join(dir, name), { force: true });
    }
  };
  await evict();
  return {
    async get(key) {
      const name = fileOf(key);
      if (!index.has(name)) return undefined;
      const data = await readFile(join(dir, name)).catch(() => undefined);
      const size = index.get(name) ?? 0;
      index.delete(name);
      if (data) index.set(name, size);
      else bytes -= size;
      return data;
    },
    async put(key, data) {
      if (data.length > maxBytes / 4) return; // one huge variant must not flush everything else
      const name = fileOf(key);
      const part = join(dir, `${name}.${randomUUID()}.part`);
      await writeFile(part, data);
      await rename(part, join(dir, name));
      drop(name);
      index.set(name, data.length);
      bytes += data.length;
      await evict();
    },
    get bytes() {
      return bytes;
    },
    get entries() {
      return index.size;
    },
  };
}
