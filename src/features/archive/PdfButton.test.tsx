// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en.po';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import type { ReplicationHandle } from '../../../replication/runner';
import { ReplicationContext } from '../../app/replication';
import { DbContext } from '../../db/db-context';
import { referenceSnapshot } from '../../db/reference-store';
import { PdfButton } from './PdfButton';

/** The button never reaches the network here: a handle that refuses whatever it is asked. */
const noReplication = new Proxy({} as ReplicationHandle, {
  get: () => () => Promise.reject(new Error('not in this test')),
});

describe('the archive PDF button and the config flag printArchivePdf', () => {
  const env = reactRootWithDatabase();

  const show = (screen: string) =>
    act(() =>
      env.root.render(
        <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
          <DbContext.Provider value={env.db}>
            <ReplicationContext.Provider value={noReplication}>
              <span data-testid="screen">
                <PdfButton key={screen} instanceId={screen} />
              </span>
            </ReplicationContext.Provider>
          </DbContext.Provider>
        </I18nProvider>,
      ),
    );

  // what a user sees at each change: whether the PDF button is there
  const record = () =>
    recordTexts(env.host, () => {
      if (!env.host.querySelector('[data-testid]')) return undefined;
      return [...env.host.querySelectorAll('button')].some((b) => b.textContent === 'PDF') ? 'PDF' : '(none)';
    });

  it.each([
    ['switched off by the config', { printArchivePdf: false }, ['(none)']],
    ['offered by the config', { printArchivePdf: true }, ['(none)', 'PDF']],
    ['not named in the config (offered by default)', {}, ['(none)', 'PDF']],
  ])('%s: never shown before the config is read, never taken away once shown', async (_, config, expected) => {
    await env.db.reference.insert({ key: 'config', data: config, fetchedAt: 1 });
    const { seen, stop } = record();
    show('done-1');
    await actUntil(() => referenceSnapshot(env.db, 'config').read && seen.length === expected.length);
    // the next round of the archive (a new button) knows the config from its first drawing on
    show('done-2');
    stop();
    expect(seen).toEqual(expected);
  });
});
