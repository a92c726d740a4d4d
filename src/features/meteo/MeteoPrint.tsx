import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Draft } from '../../../schemas/db/draft-doc';
import { meteoDraftKey, meteoTimeKey, parseNumberInput, type MeteoStation } from '../../domain';
import { useLocaleFormat } from '../../app/use-locale-format';
import './meteo-print.css';

export interface MeteoPrintProps {
  group: string;
  monthTitle: string;
  stations: readonly MeteoStation[];
  days: readonly string[];
  drafts: readonly Draft[];
  defaultTime: string;
}

/**
 * The month printout (§2 meteo input with month printout): hidden on screen, one A4 page on paper with a
 * row per day and, per station, the time and each parameter as a number in the UI language.
 */
export function MeteoPrint({ group, monthTitle, stations, days, drafts, defaultTime }: MeteoPrintProps) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const byKey = useMemo(() => new Map(drafts.map((d) => [d.tsId, d])), [drafts]);
  const shown = (key: string) => {
    const text = byKey.get(key)?.text ?? '';
    const parsed = parseNumberInput(text);
    return parsed?.kind === 'number' ? fmt.number(parsed.value) : text.trim();
  };
  return (
    <div className="meteo-print hidden print:block" data-testid="meteo-print">
      <h1>
        <Trans>
          Meteo observations {group}, {monthTitle}
        </Trans>
      </h1>
      <table>
        <thead>
          <tr>
            <th rowSpan={2}>{t`Day`}</th>
            {stations.map((s) => (
              <th key={s.staNumber} colSpan={s.entries.length + 1}>
                {s.staName} {s.staNumber}
              </th>
            ))}
          </tr>
          <tr>
            {stations.map((s) => [
              <th key={`${s.staNumber}-time`}>{t`Time`}</th>,
              ...s.entries.map((e) => (
                <th key={e.tsId}>
                  {e.tsParameter}
                  {e.tsUnit ? ` (${e.tsUnit})` : ''}
                </th>
              )),
            ])}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day}>
              <th scope="row">{fmt.date(day)}</th>
              {stations.map((s) => {
                const values = s.entries.map((e) => shown(meteoDraftKey(e.tsId, day)));
                const time = byKey.get(meteoTimeKey(s.staNumber, day))?.time;
                return [
                  <td key={`${s.staNumber}-time`}>{time || (values.some((v) => v !== '') ? defaultTime : '')}</td>,
                  ...s.entries.map((e, i) => (
                    <td key={e.tsId} className="num">
                      {values[i]}
                    </td>
                  )),
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
