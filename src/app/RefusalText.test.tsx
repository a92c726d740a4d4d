// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SubmitError } from '../../schemas/db/offline-instance-doc';
import { messages as de } from '../../locales/de.po';
import { messages as en } from '../../locales/en.po';
import type { RefusedEntry } from '../domain/submit-refusal';
import { EntryTime } from '../features/round-entry/EntryTime';
import { RefusalProvider } from '../features/round-entry/refusal-context';
import { SubmitErrorText } from './SubmitErrorText';

const well = { tsId: '2001-W', staName: 'Piezometer P1', staNumber: '2001', tsParameter: 'W' } as RefusedEntry;
const duplicate: SubmitError = {
  code: 'duplicate-time',
  field: 'entries.1.dt',
  params: { tsId: '2001-W', dt: '2026-11-20T11:00:00.000Z' },
  tsId: '2001-W',
};
const notAllowed: SubmitError = {
  code: 'value-not-allowed',
  field: 'entries.0.value',
  params: { value: 5, allowed: '0, 1' },
  tsId: '2001-W',
};

function render(node: ReactNode, locale: 'en' | 'de' = 'en'): HTMLElement {
  const i18n = setupI18n({ locale, messages: { en, de } });
  const html = renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

const name = (host: HTMLElement) => host.querySelector('[data-refused-entry]')?.textContent;

describe('a refusal names its series', () => {
  it('by station and parameter when the round on the device knows it', () => {
    const host = render(<SubmitErrorText error={duplicate} entries={[well]} />);
    expect(host.textContent).toBe(
      'Piezometer P1 (2001), W: Two values of this timeseries have the same time: 20/11/2026 12:00.',
    );
    expect(host.querySelector('[data-refused-tsid]')).toBeNull();
  });

  it('as an id, said to be one, when the round is not on the device any more', () => {
    expect(name(render(<SubmitErrorText error={duplicate} entries={[]} />))).toBe('A timeseries (id 2001-W)');
    expect(name(render(<SubmitErrorText error={duplicate} entries={[]} />, 'de'))).toBe('Eine Zeitreihe (ID 2001-W)');
  });

  it("for support with the server's id next to the name", () => {
    const host = render(<SubmitErrorText error={notAllowed} entries={[well]} withTsId />);
    expect(host.textContent).toBe(
      'Piezometer P1 (2001), W (2001-W): 5 is not one of the codes this timeseries allows (0, 1).',
    );
    expect(host.querySelector('[data-refused-tsid]')?.textContent).toBe('2001-W');
  });
});

describe("a refusal of the row's time marks the time field", () => {
  const time = (error: SubmitError, tsId = '2001-W') =>
    render(
      <RefusalProvider instance={{ syncState: 'error', lastError: error }} entries={[well]}>
        <EntryTime
          tsId={tsId}
          stored="12:00"
          label="Piezometer P1 2001 W"
          entryName="Piezometer P1 (2001), W"
          disabled={false}
          onStore={() => undefined}
        />
      </RefusalProvider>,
    ).querySelector('input[data-time-input]');

  it('two values at one time: invalid, described by the row’s message', () => {
    const input = time(duplicate);
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    expect(input?.getAttribute('aria-describedby')).toBe('err-2001-W');
    expect(input?.getAttribute('aria-label')).toBe('Piezometer P1 2001 W time');
  });

  it('a copy of the series too (posted as the same series)', () => {
    expect(time(duplicate, '2001-W#1')?.getAttribute('aria-describedby')).toBe('err-2001-W#1');
  });

  it('a refused value leaves the time alone', () => {
    const input = time(notAllowed);
    expect(input?.hasAttribute('aria-invalid')).toBe(false);
    expect(input?.hasAttribute('aria-describedby')).toBe(false);
  });

  it('another series’ refusal leaves it alone', () => {
    expect(time(duplicate, '2005-E')?.hasAttribute('aria-invalid')).toBe(false);
  });
});
