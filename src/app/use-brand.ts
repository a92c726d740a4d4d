import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../db/reference-hooks';
// not the domain index: the navbar is on the first screen and must not load every rule
import { pickLocalizedText } from '../domain/localized-text';

/** The product's name in the navbar and the document title: the operator's `title` in the UI language, else ours. */
export function useBrand(): string {
  const { i18n, t } = useLingui();
  return pickLocalizedText(useConfig().title, i18n.locale) ?? t`Measure rounds`;
}
