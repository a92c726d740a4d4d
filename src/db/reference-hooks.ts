import * as v from 'valibot';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
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
import { useLastChecked } from './last-checked';
import { referenceSnapshot, subscribeReference, type ReferenceSnapshot } from './reference-store';

/** The reference document `key` from the shared store: its data and whether it was read yet (its absence counts). */
export function useReferenceSnapshot(key: string): ReferenceSnapshot {
  const db = useDb();
  const subscribe = useCallback((onChange: () => void) => subscribeReference(db, key, onChange), [db, key]);
  const snapshot = useCallback(() => referenceSnapshot(db, key), [db, key]);
  return useSyncExternalStore(subscribe, snapshot);
}

/** Whether the reference document `key` was read on this device yet (its absence counts as read). */
export function useReferenceRead(key: string): boolean {
  return useReferenceSnapshot(key).read;
}

function useReferenceData(key: string): unknown {
  return useReferenceSnapshot(key).value;
}

export { LocalConfigSchema, type LocalConfig };

export function useLocalConfig(): LocalConfig {
  const data = useReferenceData('localConfig');
  return useMemo(() => parseDeviceSettings(data), [data]);
}

/**
 * The last effective config, shared by every component: the documents come from one store, so a table's rows (a photo
 * button each) would otherwise check the same config with its schema once per row as the rows mount while typing.
 */
let lastConfig: { data: unknown; local: unknown; config: Config } | undefined;
function sharedEffectiveConfig(data: unknown, local: unknown): Config {
  const last = lastConfig;
  if (last && last.data === data && last.local === local) return last.config;
  const config = effectiveConfig(data, local);
  lastConfig = { data, local, config };
  return config;
}

/** The stored config with this device's overrides, or the defaults of §3/§9 when none was ever loaded. */
export function useConfig(): Config {
  return sharedEffectiveConfig(useReferenceData('config'), useReferenceData('localConfig'));
}

/**
 * As useConfig, but undefined until this device's config was read. For controls a config flag can take
 * away: offered from the defaults for the moment of the read, they would vanish under the user's finger.
 */
export function useReadConfig(): Config | undefined {
  const config = useConfig();
  const server = useReferenceSnapshot('config');
  const device = useReferenceSnapshot('localConfig');
  return server.read && device.read ? config : undefined;
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
