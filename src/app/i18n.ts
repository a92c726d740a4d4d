import { i18n } from '@lingui/core';

export const LOCALES = ['de', 'en', 'it'] as const;
export type AppLocale = (typeof LOCALES)[number];
/** §1: German is the default interface language. */
export const DEFAULT_LOCALE: AppLocale = 'de';
const STORAGE_KEY = 'hydrorounds.locale';

const loaders: Record<AppLocale, () => Promise<{ messages: import('@lingui/core').Messages }>> = {
  de: () => import('../../locales/de.po'),
  en: () => import('../../locales/en.po'),
  it: () => import('../../locales/it.po'),
};

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): AppLocale {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export async function activateLocale(locale: AppLocale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  globalThis.localStorage?.setItem(STORAGE_KEY, locale);
}

export { i18n };
