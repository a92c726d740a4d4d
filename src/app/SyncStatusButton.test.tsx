// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { offlineInstanceDoc } from '../../test/unit/fixtures';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../test/unit/react-root';
import { DbContext } from '../db/db-context';
import { SyncStatusButton } from './SyncStatusButton';

const waiting = offlineInstanceDoc({ instanceId: 'queued-1', syncState: 'error', valueCount: 2 });

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
