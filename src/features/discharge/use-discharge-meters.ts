import * as v from 'valibot';
import { useMemo } from 'react';
import { MeterListSchema, type Meter } from '../../../schemas/api';
import { useReadConfig, useReferenceSnapshot } from '../../db/reference-hooks';

/**
 * Current meters from GET /discharge-meters (stored for offline use), else those of the config (§8 fallback).
 * Undefined until both are read: the config's meters were offered first, then replaced by the stored ones.
 */
export function useDischargeMeters(): Meter[] | undefined {
  const config = useReadConfig();
  const stored = useReferenceSnapshot('dischargeMeters');
  const configMeters = config?.dischargeMeters;
  return useMemo(() => {
    if (!stored.read || !configMeters) return undefined;
    const parsed = v.safeParse(MeterListSchema, stored.value);
    return parsed.success && parsed.output.length > 0 ? parsed.output : configMeters;
  }, [stored, configMeters]);
}
