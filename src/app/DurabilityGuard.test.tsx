// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { offlineInstanceDoc } from '../../test/unit/fixtures';
import { actUntil, answerLater, onePageRouter, reactRootWithDatabase, recordTexts } from '../../test/unit/react-root';
import { DATA_OWNER_KEY } from '../db/data-owner';
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

/** The guard on a page (its link to the round needs a router). */
function page() {
  return onePageRouter(DurabilityGuard);
}

describe('the warning that data on this device is at risk', () => {
  const env = reactRootWithDatabase();

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
