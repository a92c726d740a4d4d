import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testToday } from '../dates';

/**
 * A PGlite data directory that is already created, migrated and seeded with the demo, copied into a test's data
 * directory instead of building one per test file. Building one (PGlite's initdb, the migrations, the demo seed)
 * took 36 s per file at a load of 16 on the 2 shared cores and most of a server test file's time; copying the
 * finished one took 5 s and the server then started in 2 (it finds the schema migrated and the demo seeded, and
 * leaves both as they are, as on any restart).
 *
 * The copy is the database a fresh start would build: the key names everything the seeded database depends on
 * (the files of server/db, the PGlite version) and the day in the stations' zone (the seed dates its history from
 * "today" in Vienna, to the day; it has a fixed random seed). A change to any of them builds a new template. One
 * template per key is kept in the system's temp directory and shared by every test process (built once, published
 * by an atomic rename; a race builds it twice and keeps one). Templates older than a day are removed.
 */
const ROOT = join(tmpdir(), 'hydro-pglite-template');
const DB_FILES = fileURLToPath(new URL('../../../server/db/', import.meta.url));
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

/** What the seeded demo database depends on: today in Vienna and a hash of server/db's files and PGlite's version. */
export function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(DB_FILES).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    hash.update(name).update(readFileSync(join(DB_FILES, name)));
  }
  // the installed PGlite (its package.json is not among the package's exports, so read as a file)
  hash.update(readFileSync(PGLITE_PACKAGE));
  return `${testToday()}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Removes the templates (and abandoned builds) last written more than a day ago, by the file system's clock: the
 * process's may be moved (scripts/test-at.sh), and against it every directory looked months old, so a build under way
 * in another worker was removed under it (PGlite's ENOENT, errno 44, in the DST run).
 */
function removeOldTemplates(keep: string): void {
  const dayAgo = statSync(join(ROOT, keep)).mtimeMs - 24 * 3_600_000;
  for (const name of existsSync(ROOT) ? readdirSync(ROOT) : []) {
    const path = join(ROOT, name);
    try {
      if (name !== keep && statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process removed it first
    }
  }
}

let building: Promise<string | undefined> | undefined;

/** The template's directory (a server data directory holding `pglite/`), built when it does not exist yet. */
async function template(): Promise<string | undefined> {
  const key = pgliteTemplateKey();
  const path = join(ROOT, key);
  if (existsSync(join(path, 'pglite'))) return path;
  building ??= (async () => {
    mkdirSync(ROOT, { recursive: true });
    const work = mkdtempSync(join(ROOT, `.build-${key}-`));
    try {
      // imported here: the server is a large module graph that callers of this file already load anyway
      const { startServer } = await import('../../../server/app');
      const server = await startServer({ port: 0, dataDir: work, demo: true });
      await server.close();
      // seeded on another day than the key says (built across midnight in Vienna): not the database of today
      if (pgliteTemplateKey() !== key) return undefined;
      try {
        renameSync(work, path);
      } catch {
        // another process published the same template first: it is the same database
        if (!existsSync(join(path, 'pglite'))) throw new Error(`PGlite template ${path} could not be published`);
      }
      removeOldTemplates(key);
      return path;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  })().finally(() => {
    building = undefined;
  });
  return building;
}

/**
 * Puts a seeded demo database into `dataDir` (as `pglite/`, where the server opens it) unless one is there. A server
 * started on `dataDir` with `demo: true` then starts as on a restart instead of building its database. Only for
 * servers with the demo: a test that needs an empty database does not call it.
 */
export async function seedPgliteFromTemplate(dataDir: string): Promise<void> {
  const target = join(dataDir, 'pglite');
  if (existsSync(target)) return;
  const source = await template();
  if (!source) return;
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(source, 'pglite'), target, { recursive: true });
}
