// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en.po';
import { offlineInstanceDoc, photoDoc } from '../../../test/unit/fixtures';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { DbContext } from '../../db/db-context';
import { LastSubmission } from './LastSubmission';

const sent = offlineInstanceDoc({
  instanceId: 'sent-1',
  syncState: 'sent',
  valueCount: 2,
  sentAt: Date.UTC(2026, 10, 23, 7, 30),
});

describe('the line that says what was sent', () => {
  const env = reactRootWithDatabase();

  it('never shows the values without the photo sent with them, while the photos are read', async () => {
    await env.db.offlineInstances.insert(sent);
    await env.db.photos.insert(photoDoc({ id: 'photo-1', instanceId: sent.instanceId, uploaded: true }));
    const { seen, stop } = recordTexts(env.host, () => env.host.textContent ?? undefined);
    act(() =>
      env.root.render(
        <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
          <DbContext.Provider value={env.db}>
            <LastSubmission mrId="1" date="2026-11-23" instance={sent} />
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );
    await actUntil(() => env.host.textContent?.includes('photo') === true);
    stop();
    expect(env.host.textContent).toMatch(/^Last submission: 2 values sent at \d\d:\d\d\. With 1 photo\.$/);
    expect(seen.every((text) => text.includes('With 1 photo.'))).toBe(true);
  });
});
