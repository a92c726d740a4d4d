import { useEffect } from 'react';
import { useConfig } from '../db/reference-hooks';
import { activateLocale, chosenLocale, i18n } from './i18n';

/** §3 config locale: the installation's default language, used until the user picks one on this device. */
export function useConfigLocale(): void {
  const { locale } = useConfig();
  useEffect(() => {
    if (!chosenLocale() && i18n.locale !== locale) void activateLocale(locale, { remember: false });
  }, [locale]);
}
