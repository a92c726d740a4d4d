// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
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
import { messages as en } from '../../../locales/en.po';
import { offlineInstanceDoc } from '../../../test/unit/fixtures';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { DATA_OWNER_KEY } from '../../db/data-owner';
import type { AppDatabase } from '../../db/database';
import { DbContext } from '../../db/db-context';
import { StoredTours } from './StoredTours';

// a field worker's round taken offline for 23 Nov 2026, on a shared device that knows them as its user
const tour = offlineInstanceDoc({ instanceId: 'tour-1', syncState: 'draft', mode: 'outdoor', owner: 'olga' });

/** The device's user answers 100 ms after the other reads, as IndexedDB's reads may (in memory they come together). */
function userAnswersLater(db: AppDatabase) {
  const findOne = db.reference.findOne.bind(db.reference);
  vi.spyOn(db.reference, 'findOne').mockImplementation((query) => {
    const found = findOne(query);
    if (query !== DATA_OWNER_KEY) return found;
    const later = found.$.pipe(delay(100));
    return new Proxy(found, { get: (target, name) => (name === '$' ? later : Reflect.get(target, name, target)) });
  });
}

/** The list as the start page of the outdoor mode shows it (its links need a router). */
function startPage() {
  const root = createRootRoute({ component: Outlet });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <StoredTours emphasize date="2026-11-23" />,
  });
  return createRouter({ routeTree: root.addChildren([index]), history: createMemoryHistory() });
}

describe('the rounds stored offline, in the outdoor mode', () => {
  const env = reactRootWithDatabase();
  // the router restores the scroll position, which jsdom does not implement
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);

  it('never says none is stored while the user’s round is, also before the rounds and the user are read', async () => {
    await env.db.offlineInstances.insert(tour);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    userAnswersLater(env.db);
    // what a user sees at each change: the list's text, or "(reading)" while it says nothing yet
    const { seen, stop } = recordTexts(env.host, () => {
      const section = env.host.querySelector('section');
      if (!section) return undefined;
      return section.getAttribute('aria-busy') === 'true' ? '(reading)' : (section.textContent ?? '');
    });
    act(() =>
      env.root.render(
        <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
          <DbContext.Provider value={env.db}>
            <RouterProvider router={startPage()} />
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );
    await actUntil(() => env.host.querySelector('[data-instance="tour-1"]') !== null);
    stop();
    expect(seen.at(-1)).toContain('Runde · ');
    expect(seen.filter((text) => /No rounds? (are|is) stored/.test(text))).toEqual([]);
  });
});
