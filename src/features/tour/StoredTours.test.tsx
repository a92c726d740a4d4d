// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en.po';
import { offlineInstanceDoc } from '../../../test/unit/fixtures';
import {
  actUntil,
  answerLater,
  onePageRouter,
  reactRootWithDatabase,
  recordTexts,
} from '../../../test/unit/react-root';
import { DATA_OWNER_KEY } from '../../db/data-owner';
import { DbContext } from '../../db/db-context';
import { StoredTours } from './StoredTours';

// a field worker's round taken offline for 23 Nov 2026, on a shared device that knows them as its user
const tour = offlineInstanceDoc({ instanceId: 'tour-1', syncState: 'draft', mode: 'outdoor', owner: 'olga' });

/** The list as the start page of the outdoor mode shows it (its links need a router). */
function startPage() {
  return onePageRouter(() => <StoredTours emphasize date="2026-11-23" />);
}

describe('the rounds stored offline, in the outdoor mode', () => {
  const env = reactRootWithDatabase();

  it('never says none is stored while the user’s round is, also before the rounds and the user are read', async () => {
    await env.db.offlineInstances.insert(tour);
    await env.db.reference.insert({ key: DATA_OWNER_KEY, data: { username: 'olga' }, fetchedAt: 1 });
    answerLater(env.db, DATA_OWNER_KEY);
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
