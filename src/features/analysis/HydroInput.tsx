import { useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { useConfig } from '../../db/reference-hooks';
import { todayIsoDate } from '../groups/today';
import { TabularInput } from '../office-table/TabularInput';

/**
 * hydroInput (§2, "needs login", otherwise unspecified): today's office table of the group restricted to
 * hydrological timeseries, i.e. every entry whose parameter is not one of the meteo parameters
 * (config meteoInput.parameters, §9 defaults N, HS, HSN, LT). Same widgets, checks and submit as the
 * table (docs/analysis.md).
 */
export function HydroInput() {
  const { t } = useLingui();
  const { group } = useParams({ from: '/hydro/$group' });
  const config = useConfig();
  const [date] = useState(() => todayIsoDate());
  const meteo = config.meteoInput.parameters.join('\n');
  const entryFilter = useCallback((e: MeasureRoundEntry) => !meteo.split('\n').includes(e.tsParameter ?? ''), [meteo]);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t`Hydrological input: the timeseries of this round without the meteo parameters (${config.meteoInput.parameters.join(', ')}), for today.`}</p>
      <TabularInput group={group} date={date} entryFilter={entryFilter} />
    </div>
  );
}
