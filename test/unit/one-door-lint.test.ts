import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 29, one door: the project's own ESLint config refuses a direct RxDB write outside src/db, and a screen
 * that reads local data through replication/. Linted as text under a path, so no file is written.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const WRITE = 'local/no-direct-db-write';

describe('one door for every local write (lint)', () => {
  it.each([
    ['insert', `await db.tasks.insert({ taskId: 'x' });`],
    ['upsert', `await db.reference.upsert({ key: 'localConfig', data: {}, fetchedAt: 1 });`],
    ['incrementalPatch', `await doc.incrementalPatch({ taskDone: true });`],
    ['incrementalModify', `await doc.incrementalModify((d) => d);`],
    ['query remove', `await db.photos.find({ selector: {} }).remove();`],
    ['document remove', `await (await db.tasks.findOne('x').exec())?.remove();`],
    ['bulkUpsert', `await db.completedRounds.bulkUpsert([]);`],
    ['putAttachment', `await doc.putAttachment({ id: 'image', data: blob, type: 'image/jpeg' });`],
  ])('a feature file writing with %s fails lint', async (_name, line) => {
    const code = `export async function write(db: any, doc: any, blob: any) {\n  ${line}\n}\n`;
    expect(await problems('src/features/example/write.ts', code)).toContain(WRITE);
  });

  it.each([
    ['a route', 'src/routes/example.tsx'],
    ['the shell', 'src/app/example.ts'],
    ['the replication (not a pull writer)', 'replication/example.ts'],
  ])('%s writing directly fails lint too', async (_name, path) => {
    const code = `export async function write(db: any) {\n  await db.decisions.insert({ id: 'x' });\n}\n`;
    expect(await problems(path, code)).toContain(WRITE);
  });

  it('a command in src/db may write, and a screen calling a command passes', async () => {
    const command = `export async function store(db: any) {\n  await db.tasks.insert({ taskId: 'x' });\n}\n`;
    expect(await problems('src/db/example-commands.ts', command)).not.toContain(WRITE);
    const caller = `export async function onRemove(actions: { remove(id: string): Promise<void> }) {\n  await actions.remove('x');\n}\n`;
    expect(await problems('src/features/example/caller.ts', caller)).not.toContain(WRITE);
  });

  it('a screen reading local data through replication/ fails lint; its error classes and types pass', async () => {
    const reads = `import { loadBuildContext } from '../../../replication/build-context';\nexport const f = loadBuildContext;\n`;
    expect(await problems('src/features/example/read.ts', reads)).toContain('@typescript-eslint/no-restricted-imports');
    const allowed =
      `import { ApiError } from '../../../replication/api-errors';\n` +
      `import type { ReplicationHandle } from '../../../replication/runner';\n` +
      `export const e = ApiError;\nexport type H = ReplicationHandle;\n`;
    expect(await problems('src/features/example/errors.ts', allowed)).not.toContain(
      '@typescript-eslint/no-restricted-imports',
    );
  });
});
