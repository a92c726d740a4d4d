import type { LocalizedText } from '../../schemas/api';

/**
 * An operator's text (one string, or one per language) in the UI language, else German (the default language),
 * else any; undefined when the operator set none, so the caller shows its own translated default.
 */
export function pickLocalizedText(text: LocalizedText | undefined, locale: string): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  const byLocale: Partial<Record<string, string>> = text;
  return byLocale[locale] ?? text.de ?? Object.values(text)[0];
}
