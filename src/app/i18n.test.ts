import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, chosenLocale, i18n } from './i18n';

function fakePage() {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  });
  const documentElement = { lang: '' };
  vi.stubGlobal('document', { documentElement });
  return documentElement;
}

afterEach(() => vi.unstubAllGlobals());

describe('activateLocale', () => {
  it("stores the user's choice before its catalog has loaded, so a reload right away keeps it", async () => {
    fakePage();
    const pending = activateLocale('en');
    expect(chosenLocale()).toBe('en');
    await pending;
    expect(i18n.locale).toBe('en');
  });

  it("lets the latest request win although an earlier one's catalog arrives later", async () => {
    const html = fakePage();
    await activateLocale('de', { remember: false }); // German's catalog is loaded, Italian's is not: Italian arrives last
    const configDefault = activateLocale('it', { remember: false });
    const userChoice = activateLocale('de');
    await Promise.all([userChoice, configDefault]);
    expect(i18n.locale).toBe('de');
    expect(html.lang).toBe('de');
    expect(chosenLocale()).toBe('de');
  });

  it('does not remember a default that was not chosen', async () => {
    fakePage();
    await activateLocale('it', { remember: false });
    expect(chosenLocale()).toBeUndefined();
    expect(i18n.locale).toBe('it');
  });
});
