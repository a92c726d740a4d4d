import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, PULL_WRITERS } from '../../src/db/commands';

/** The registry lists every command: each async function a command file of src/db exports. */
const COMMAND_FILES = readdirSync('src/db').filter(
  (f) => /-commands\.ts$/.test(f) && !f.endsWith('.test.ts') && f !== 'commands.ts',
);

describe('src/db/commands.ts, the registry of every local write', () => {
  const listed = new Set(Object.values(COMMANDS).flatMap((area) => Object.keys(area)));

  it.each(COMMAND_FILES)('lists every write command of %s', (file) => {
    const source = readFileSync(`src/db/${file}`, 'utf8');
    // a command returns a promise (reads and pure helpers such as isDeletable or ownDecision are not commands)
    const names = [...source.matchAll(/^export (?:async )?function (\w+)[^{]*Promise</gms)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(listed, `${name} of ${file}`).toContain(name);
  });

  it('each entry names a function and says what it changes', () => {
    for (const area of Object.values(COMMANDS))
      for (const [name, command] of Object.entries(area)) {
        expect(typeof command.run, name).toBe('function');
        expect((command.run as { name: string }).name, name).toBe(name);
        expect(command.changes.length, name).toBeGreaterThan(10);
      }
  });

  it('names the same pull writers lint allows', async () => {
    const config = '../../eslint.config.js';
    const { PULL_WRITERS: lint } = (await import(/* @vite-ignore */ config)) as { PULL_WRITERS: string[] };
    expect(Object.keys(PULL_WRITERS).sort()).toEqual([...lint].sort());
  });
});
