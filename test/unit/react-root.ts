import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import type { AppDatabase } from '../../src/db/database';
import { memoryDatabase } from './memory-db';

// React's act() tells it that this is a test environment that waits for its updates
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What a component test renders into: a fresh in-memory database and a React root on a detached element. */
export interface ReactRootWithDatabase {
  db: AppDatabase;
  host: HTMLElement;
  root: Root;
}

/**
 * For the tests of the calling describe block (jsdom environment): a new database, element and root before each
 * test; after it the root unmounts and the database closes (the free tier limits open collections).
 * @internal test infrastructure
 */
export function reactRootWithDatabase(): ReactRootWithDatabase {
  const env = {} as ReactRootWithDatabase;
  beforeEach(async () => {
    env.db = await memoryDatabase();
    env.host = document.createElement('div');
    env.root = createRoot(env.host);
  });
  afterEach(async () => {
    act(() => env.root.unmount());
    await env.db.close();
  });
  return env;
}

/**
 * Records each text `read` gives at every change under `host` (attributes too), a text like the one before it once:
 * what a user would have seen while the component read its data. `stop` ends the recording.
 * @internal test infrastructure
 */
export function recordTexts(host: HTMLElement, read: () => string | undefined): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const note = () => {
    const text = read();
    if (text && seen.at(-1) !== text) seen.push(text);
  };
  const observer = new MutationObserver(note);
  observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
  return {
    seen,
    stop: () => {
      note();
      observer.disconnect();
    },
  };
}

/** Lets React and the database work in 20 ms steps until `done` (at most 5 s). @internal test infrastructure */
export async function actUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}
