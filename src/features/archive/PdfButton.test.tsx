// @vitest-environment jsdom
import { InApp } from '../../../test/unit/in-app';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { actUntil, reactRootWithDatabase, recordTexts } from '../../../test/unit/react-root';
import { referenceSnapshot } from '../../db/reference-store';
import { PdfButton } from './PdfButton';

describe('the archive PDF button and the config flag printArchivePdf', () => {
  const env = reactRootWithDatabase();

  const show = (screen: string) =>
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          <span data-testid="screen">
            <PdfButton key={screen} instanceId={screen} />
          </span>
        </InApp>,
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
