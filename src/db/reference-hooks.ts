import * as v from 'valibot';
import { useMemo } from 'react';
import { map } from 'rxjs';
import {
  FacilityModelListSchema,
  ServerInfoSchema,
  type Config,
  type FacilityModel,
  type ServerInfo,
} from '../../schemas/api';
import { LocalConfigSchema, type LocalConfig } from '../../schemas/forms/local-config';
import { effectiveConfig, parseDeviceSettings } from '../domain/device-settings';
import { useDb } from './db-context';
import { useObservable } from './hooks';
import { useLastChecked } from './last-checked';

function useReferenceData(key: string): unknown {
  const db = useDb();
  return useObservable(() => db.reference.findOne(key).$.pipe(map((d) => d?.data)), undefined, [db, key]);
}

export { LocalConfigSchema, type LocalConfig };

export function useLocalConfig(): LocalConfig {
  const data = useReferenceData('localConfig');
  return useMemo(() => parseDeviceSettings(data), [data]);
}

/** The stored config with this device's overrides, or the defaults of §3/§9 when none was ever loaded. */
export function useConfig(): Config {
  const data = useReferenceData('config');
  const local = useReferenceData('localConfig');
  return useMemo(() => effectiveConfig(data, local), [data, local]);
}

export function useServerInfo(): ServerInfo | undefined {
  const data = useReferenceData('serverInfo');
  return useMemo(() => {
    const parsed = v.safeParse(ServerInfoSchema, data);
    return parsed.success ? parsed.output : undefined;
  }, [data]);
}

export interface SyncStatus {
  lastPullAt?: number;
  lastPullError?: string;
}

/** The last pull's outcome; lastPullAt is the last successful check, also when it found nothing new (last-checked.ts). */
export function useSyncStatus(): SyncStatus {
  const db = useDb();
  const data = useReferenceData('syncStatus') as SyncStatus | undefined;
  const checked = useLastChecked(db.name);
  return useMemo(() => {
    const status = data ?? {};
    const lastPullAt = Math.max(status.lastPullAt ?? 0, checked ?? 0);
    return { ...status, lastPullAt: lastPullAt || undefined };
  }, [data, checked]);
}

/** Facility models from the server (stored for offline use), else those of the config. */
export function useFacilityModels(): FacilityModel[] {
  const data = useReferenceData('facilityModels');
  const config = useConfig();
  return useMemo(() => {
    const parsed = v.safeParse(FacilityModelListSchema, data);
    return parsed.success && parsed.output.length > 0 ? parsed.output : config.stationFacilityModels;
  }, [data, config.stationFacilityModels]);
}
