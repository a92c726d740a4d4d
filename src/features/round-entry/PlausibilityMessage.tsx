import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import type { HistoryFinding } from '../../domain';
import type { RowPlausibility } from './row-model';
import { formatCheckNumber } from './checks/format';

/** §5: 'value min … max (deviation x)'; an incident of a NO_STEADY_INCIDENT entry shows as an error. */
export function PlausibilityMessage({ result }: { result: RowPlausibility }) {
  const { i18n } = useLingui();
  if (result.kind === 'incident') {
    return (
      <span className="font-semibold text-red-700 dark:text-red-300">
        <Trans>Incident reported</Trans>
      </span>
    );
  }
  const fmt = (n: number | undefined) => formatCheckNumber(i18n, n);
  const min = fmt(result.min);
  const max = fmt(result.max);
  const deviation = fmt(result.deviation);
  return (
    <span className="text-amber-800 dark:text-amber-300">
      <Trans>
        Implausible: value {min} … {max} (deviation {deviation})
      </Trans>
    </span>
  );
}

/** a value far outside the station's own history (a unit slip?), with the history's range. */
export function UnusualMessage({ finding }: { finding: HistoryFinding }) {
  const { i18n } = useLingui();
  const min = formatCheckNumber(i18n, finding.min);
  const max = formatCheckNumber(i18n, finding.max);
  return (
    <span className="block text-amber-800 dark:text-amber-300" data-testid="unusual-value">
      <Trans>
        Unusual compared with the history: {min} … {max}
      </Trans>
    </span>
  );
}
