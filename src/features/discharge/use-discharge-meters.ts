import * as v from 'valibot';
import { useMemo } from 'react';
import { map } from 'rxjs';
import { MeterListSchema, type Meter } from '../../../schemas/api';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { useConfig } from '../../db/reference-hooks';

/** Current meters from GET /discharge-meters (stored for offline use), else those of the config (§8 fallback). */
export function useDischargeMeters(): Meter[] {
  const db = useDb();
  const config = useConfig();
  const data = useObservable<unknown>(
    () => db.reference.findOne('dischargeMeters').$.pipe(map((d) => d?.data)),
    undefined,
    [db],
  );
  return useMemo(() => {
    const parsed = v.safeParse(MeterListSchema, data);
    return parsed.success && parsed.output.length > 0 ? parsed.output : config.dischargeMeters;
  }, [data, config.dischargeMeters]);
}
