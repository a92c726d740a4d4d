import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { delay } from 'rxjs';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ReplicationHandle } from '../../replication/runner';
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
 * For the tests of the calling describe block (jsdom environment) that need no database: a React root on an element
 * in the document (focus needs one), new before each test, unmounted and removed after it.
 * @internal test infrastructure
 */
export function reactRoot(): { host: HTMLElement; root: Root } {
  const env = {} as { host: HTMLElement; root: Root };
  beforeEach(() => {
    env.host = document.createElement('div');
    document.body.append(env.host);
    env.root = createRoot(env.host);
  });
  afterEach(() => {
    act(() => env.root.unmount());
    env.host.remove();
  });
  return env;
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

/**
 * The reference document `key` answers 100 ms after the other reads, as IndexedDB's reads may (in memory they come
 * together, in one render). @internal test infrastructure
 */
export function answerLater(db: AppDatabase, key: string): void {
  const findOne = db.reference.findOne.bind(db.reference);
  vi.spyOn(db.reference, 'findOne').mockImplementation((query) => {
    const found = findOne(query);
    if (query !== key) return found;
    const later = found.$.pipe(delay(100));
    return new Proxy(found, { get: (target, name) => (name === '$' ? later : Reflect.get(target, name, target)) });
  });
}

/** A replication that refuses whatever it is asked: a component test never reaches the network. @internal test infrastructure */
export const refusingReplication = new Proxy({} as ReplicationHandle, {
  get: () => () => Promise.reject(new Error('no network in a component test')),
});

/**
 * A memory router with one page, `component` at `path` (with its search rule), opened at `address`: for components
 * whose links, search or navigation need a router. jsdom has no `scrollTo`, which the router calls. @internal test infrastructure
 */
export function onePageRouter(
  component: () => ReactNode,
  {
    path = '/',
    address = path,
    validateSearch,
  }: { path?: string; address?: string; validateSearch?: (search: Record<string, unknown>) => object } = {},
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const root = createRootRoute({ component: Outlet });
  const page = validateSearch
    ? createRoute({ getParentRoute: () => root, path, component, validateSearch })
    : createRoute({ getParentRoute: () => root, path, component });
  return createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [address] }),
  });
}
