// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { messages as en } from '../../locales/en.po';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../test/unit/react-root';
import { DbContext } from '../db/db-context';
import { SyncStatusButton } from './SyncStatusButton';

const waiting: OfflineInstanceDoc = {
  instanceId: 'queued-1',
  mrId: '1',
  mrName: 'Runde',
  mode: 'indoor',
  date: '2026-11-23',
  creationTime: '2026-11-23T06:00:00Z',
  drafts: [],
  syncState: 'error',
  valueCount: 2,
  updatedAt: 1,
};

describe('the navbar sync status', () => {
  const env = reactRootWithDatabase();

  it('never says "All sent" while a round waits, also before the rounds are read', async () => {
    await env.db.offlineInstances.insert(waiting);
    // what a user sees at each change: the visible text, or "(reading)" while the button hides its text
    const { seen, stop } = recordTexts(env.host, () => {
      const button = env.host.querySelector('[data-testid="sync-status"]');
      if (!button) return undefined;
      return button.getAttribute('aria-busy') === 'true' ? '(reading)' : (button.textContent ?? '');
    });
    act(() =>
      env.root.render(
        <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
          <DbContext.Provider value={env.db}>
            <SyncStatusButton />
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );
    await actUntil(() => env.host.textContent?.includes('(1)') === true);
    stop();
    expect(seen.at(-1)).toBe('●Not sent(1)');
    expect(seen.filter((text) => text !== '(reading)')).toEqual(['●Not sent(1)']);
    expect(seen.some((text) => text.includes('All sent'))).toBe(false);
  });
});
