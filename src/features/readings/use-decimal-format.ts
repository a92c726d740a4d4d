import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/** Numbers as the UI language writes them (decimal comma in de and it), never the browser's locale. */
export function useDecimalFormat(): (n: number, maximumFractionDigits?: number) => string {
  const { i18n } = useLingui();
  return useCallback(
    (n: number, maximumFractionDigits = 6) => i18n.number(n, { useGrouping: false, maximumFractionDigits }),
    [i18n],
  );
}
