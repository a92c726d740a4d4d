import * as v from 'valibot';
import { useMemo } from 'react';
import { map } from 'rxjs';
import { ConfigSchema, ServerInfoSchema, type Config, type ServerInfo } from '../../schemas/api';
import { useDb } from './db-context';
import { useObservable } from './hooks';

function useReferenceData(key: string): unknown {
  const db = useDb();
  return useObservable(() => db.reference.findOne(key).$.pipe(map((d) => d?.data)), undefined, [db, key]);
}

/** The stored config, or the defaults of §3/§9 when none was ever loaded. */
export function useConfig(): Config {
  const data = useReferenceData('config');
  return useMemo(() => {
    const parsed = v.safeParse(ConfigSchema, data ?? {});
    return parsed.success ? parsed.output : v.parse(ConfigSchema, {});
  }, [data]);
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

export function useSyncStatus(): SyncStatus {
  const data = useReferenceData('syncStatus');
  return (data ?? {}) as SyncStatus;
}
