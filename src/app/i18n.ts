import { i18n } from '@lingui/core';
import { STORAGE_KEYS } from './storage-keys';

export const LOCALES = ['de', 'en', 'it'] as const;
export type AppLocale = (typeof LOCALES)[number];
/** §1: German is the default interface language. */
export const DEFAULT_LOCALE: AppLocale = 'de';
const STORAGE_KEY = STORAGE_KEYS.locale;

const loaders: Record<AppLocale, () => Promise<{ messages: import('@lingui/core').Messages }>> = {
  de: () => import('../../locales/de.po'),
  en: () => import('../../locales/en.po'),
  it: () => import('../../locales/it.po'),
};

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language the user chose on this device, if they ever chose one. */
export function chosenLocale(): AppLocale | undefined {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLocale(saved) ? saved : undefined;
}

export function storedLocale(): AppLocale {
  return chosenLocale() ?? DEFAULT_LOCALE;
}

let latestRequest = 0;

/**
 * Switches the UI language; `remember` marks it as the user's own choice, which the config's default never
 * overrides. The choice is stored before the catalog loads (a reload right after picking keeps it), and only the
 * latest request activates: a slower catalog of an earlier request (the config's default) cannot win over it.
 */
export async function activateLocale(locale: AppLocale, { remember = true } = {}): Promise<void> {
  const request = ++latestRequest;
  if (remember) globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
  if (request !== latestRequest) return;
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

export { i18n };
