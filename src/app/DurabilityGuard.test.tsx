// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act } from 'react';
import { delay } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { offlineInstanceDoc } from '../../test/unit/fixtures';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../test/unit/react-root';
import { DATA_OWNER_KEY } from '../db/data-owner';
import type { AppDatabase } from '../db/database';
import { DbContext } from '../db/db-context';
import { referenceSnapshot } from '../db/reference-store';
import { DurabilityGuard } from './DurabilityGuard';

// the warning's counts are written with the global i18n (plural of @lingui/core/macro)
i18n.loadAndActivate({ locale: 'en', messages: en });

const DAY_MS = 86_400_000;
// the logged-in user's round, unsent for 10 days
const waiting = offlineInstanceDoc({
  instanceId: 'waiting-1',
  syncState: 'draft',
  owner: 'olga',
  creationTime: new Date(Date.now() - 10 * DAY_MS).toISOString(),
});

/**
 * The reference document `key` answers 100 ms after the other reads, as IndexedDB's reads may (in memory they come
 * together, in one render).
 */
function answerLater(db: AppDatabase, key: string) {
  const findOne = db.reference.findOne.bind(db.reference);
  vi.spyOn(db.reference, 'findOne').mockImplementation((query) => {
    const found = findOne(query);
    if (query !== key) return found;
    const later = found.$.pipe(delay(100));
    return new Proxy(found, { get: (target, name) => (name === '$' ? later : Reflect.get(target, name, target)) });
  });
}

/** The guard on a page (its link to the round needs a router). */
function page() {
  const root = createRootRoute({ component: Outlet });
  const index = createRoute({ getParentRoute: () => root, path: '/', component: DurabilityGuard });
  return createRouter({ routeTree: root.addChildren([index]), history: createMemoryHistory() });
}

describe('the warning that data on this device is at risk', () => {
  const env = reactRootWithDatabase();
  // the router restores the scroll position, which jsdom does not implement
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);

  const show = async (config: object) => {
    await env.db.offlineInstances.insert(waiting);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    await env.db.reference.insert({ key: 'config', data: config, fetchedAt: 1 });
    // what a user sees at each change: the warning's text, or "(none)"
    const recording = recordTexts(env.host, () => {
      if (!env.host.querySelector('[data-testid="guard-page"]')) return undefined;
      return env.host.querySelector('[data-testid="durability-warning"]')?.textContent ?? '(none)';
    });
    act(() =>
      env.root.render(
        <I18nProvider i18n={i18n}>
          <DbContext.Provider value={env.db}>
            <div data-testid="guard-page">
              <RouterProvider router={page()} />
            </div>
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );
    return recording;
  };

  it('names the user’s own old round as theirs, never as another user’s before the user is read', async () => {
    answerLater(env.db, DATA_OWNER_KEY);
    const { seen, stop } = await show({});
    await actUntil(() => env.host.textContent?.includes('10 days') === true);
    stop();
    expect(seen.filter((text) => text !== '(none)')).toEqual([
      'The round Runde has been waiting on this device for 10 days without reaching the server.Open it to send it',
    ]);
  });

  it('warns of nothing when the config allows the round’s days, also before the config is read', async () => {
    answerLater(env.db, 'config');
    const { seen, stop } = await show({ unsentWarningDays: 30 });
    // the config read, then time for the rounds and the user to be read and drawn
    let steps = 0;
    await actUntil(() => referenceSnapshot(env.db, 'config').read && ++steps > 10);
    stop();
    expect(seen).toEqual(['(none)']);
  });
});
