// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { messages as en } from '../../../locales/en.po';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { DbContext } from '../../db/db-context';
import { LastSubmission } from './LastSubmission';

const sent: OfflineInstanceDoc = {
  instanceId: 'sent-1',
  mrId: '1',
  mrName: 'Runde',
  mode: 'indoor',
  date: '2026-11-23',
  creationTime: '2026-11-23T06:00:00Z',
  drafts: [],
  syncState: 'sent',
  valueCount: 2,
  sentAt: Date.UTC(2026, 10, 23, 7, 30),
  updatedAt: 1,
};

describe('the line that says what was sent', () => {
  const env = reactRootWithDatabase();

  it('never shows the values without the photo sent with them, while the photos are read', async () => {
    await env.db.offlineInstances.insert(sent);
    await env.db.photos.insert({
      id: 'photo-1',
      instanceId: sent.instanceId,
      mrId: '1',
      tsId: 't',
      staNumber: '1',
      tsParameter: 'W',
      dt: '2026-11-23T06:00:00Z',
      width: 1,
      height: 1,
      uploaded: true,
      createdAt: 1,
    });
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
