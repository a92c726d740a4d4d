// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { firstValueFrom, of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { messages as en } from '../../../locales/en.po';
import { reactRoot, reactRootWithDatabase } from '../../../test/unit/react-root';
import { DraftStore, prefetchDrafts, preloadDrafts, writeDraft } from '../../db/draft-store';
import { StoredStateGate, useStoredStateReady } from './stored-state';
import { useOwnedText } from './use-owned-text';

const i18n = setupI18n({ locale: 'en', messages: { en } });

/** An input as the entry widgets build it from useOwnedText. */
function Field({ stored, write }: { stored: string | undefined; write: (text: string) => Promise<unknown> }) {
  const owned = useOwnedText(stored, write);
  return (
    <input
      aria-label="value"
      value={owned.value}
      readOnly={owned.loading}
      onChange={owned.onChange}
      onFocus={owned.onFocus}
      onBlur={owned.onBlur}
    />
  );
}

describe('a field shows what is stored, or nothing that can be typed into', () => {
  const page = reactRoot();

  const render = (node: ReactNode) => act(() => page.root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
  const input = () => page.host.querySelector('input') as HTMLInputElement;
  /** what React sees when the user types: the DOM value set and an input event */
  const type = (text: string) =>
    act(() => {
      const el = input();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, text);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it.each<[string, boolean, string | undefined, { value: string; readOnly: boolean; status: string }]>([
    ['loading, nothing read yet', false, undefined, { value: '', readOnly: true, status: 'Loading stored values…' }],
    [
      'loading, a value already known',
      false,
      '1682,01',
      { value: '', readOnly: true, status: 'Loading stored values…' },
    ],
    ['ready, a stored value', true, '1682,01', { value: '1682,01', readOnly: false, status: '' }],
    ['ready, nothing stored', true, undefined, { value: '', readOnly: false, status: '' }],
  ])('%s', (_name, ready, stored, expected) => {
    render(
      <StoredStateGate ready={ready}>
        <Field stored={stored} write={() => Promise.resolve()} />
      </StoredStateGate>,
    );
    expect({ value: input().value, readOnly: input().readOnly, status: page.host.textContent }).toEqual(expected);
  });

  it('takes no keys while loading, and shows the stored value in the focused field once it is read', () => {
    const write = vi.fn(() => Promise.resolve());
    render(
      <StoredStateGate ready={false}>
        <Field stored={undefined} write={write} />
      </StoredStateGate>,
    );
    act(() => input().focus());
    type('1683');
    expect(write).not.toHaveBeenCalled();
    expect(input().value).toBe('');
    render(
      <StoredStateGate ready>
        <Field stored="1682,01" write={write} />
      </StoredStateGate>,
    );
    expect(document.activeElement).toBe(input());
    expect(input().value).toBe('1682,01');
    expect(input().readOnly).toBe(false);
  });

  it('keeps what the user typed into the focused field; a field only focused follows the stored value', () => {
    const write = vi.fn(() => Promise.resolve());
    const show = (stored: string) =>
      render(
        <StoredStateGate ready>
          <Field stored={stored} write={write} />
        </StoredStateGate>,
      );
    show('1682,01');
    act(() => input().focus());
    show('1700'); // another tab, before this one typed
    expect(input().value).toBe('1700');
    type('17005');
    show('1800'); // another tab while this one types
    expect(input().value).toBe('17005');
    expect(write).toHaveBeenLastCalledWith('17005');
  });
});

describe('a screen is ready once its instance lookup answered and the drafts are read, and stays so', () => {
  const env = reactRootWithDatabase();

  function Probe({ instance, store, k }: { instance: unknown; store: DraftStore | undefined; k: string }) {
    return <>{useStoredStateReady(instance, store, k) ? 'ready' : 'loading'}</>;
  }
  const show = (instance: unknown, store: DraftStore | undefined, k = 'Nord|2026-11-25') => {
    act(() => env.root.render(<Probe instance={instance} store={store} k={k} />));
    return env.host.textContent;
  };

  it('waits for the lookup and for the drafts of the instance it found', async () => {
    const store = new DraftStore(env.db, 'i1');
    expect(show(undefined, new DraftStore(env.db, undefined))).toBe('loading');
    expect(show({ instanceId: 'i1' }, store)).toBe('loading');
    await act(async () => {
      store.start();
      for (let i = 0; i < 100 && !store.loaded; i++) await new Promise((r) => setTimeout(r, 10));
    });
    expect(env.host.textContent).toBe('ready');
    store.stop();
  });

  it('is ready at once when there is no instance yet (nothing stored)', () => {
    expect(show(null, new DraftStore(env.db, undefined))).toBe('ready');
  });

  it('stays ready when the first keystroke creates the instance, and waits again for another round or date', () => {
    expect(show(null, new DraftStore(env.db, undefined))).toBe('ready');
    const created = new DraftStore(env.db, 'i2');
    expect(created.loaded).toBe(false);
    expect(show({ instanceId: 'i2' }, created)).toBe('ready');
    expect(show({ instanceId: 'i2' }, created, 'Nord|2026-11-26')).toBe('loading');
  });

  it('reads the drafts with the instance, so the store of the next render starts loaded (once)', async () => {
    await writeDraft(env.db, 'i3', '2001-W', { text: '1682,01' });
    const instance = { instanceId: 'i3' };
    expect(await firstValueFrom(of(instance).pipe(preloadDrafts(env.db)))).toBe(instance);
    const store = new DraftStore(env.db, 'i3');
    expect(store.loaded).toBe(true);
    expect(store.get('2001-W')?.text).toBe('1682,01');
    // taken by that store: another one reads for itself
    expect(new DraftStore(env.db, 'i3').loaded).toBe(false);
  });

  it('does not seed a store with drafts a write of this tab made stale', async () => {
    await writeDraft(env.db, 'i4', '2001-W', { text: '1' });
    await firstValueFrom(of({ instanceId: 'i4' }).pipe(preloadDrafts(env.db)));
    await writeDraft(env.db, 'i4', '2001-W', { text: '12' });
    expect(new DraftStore(env.db, 'i4').loaded).toBe(false);
  });

  it('drops a read ahead that a write of this tab overtook while it ran', async () => {
    await writeDraft(env.db, 'i5', '2001-W', { text: '1' });
    const read = prefetchDrafts(env.db, 'i5');
    await Promise.all([read, writeDraft(env.db, 'i5', '2001-W', { text: '12' })]);
    expect(new DraftStore(env.db, 'i5').loaded).toBe(false);
    // read ahead again afterwards: the store starts with the value as stored now
    await prefetchDrafts(env.db, 'i5');
    expect(new DraftStore(env.db, 'i5').get('2001-W')?.text).toBe('12');
  });
});
