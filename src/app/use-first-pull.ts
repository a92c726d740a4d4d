import { useSyncStatus } from '../db/reference-hooks';
import { useOnline } from './use-online';

/**
 * True while a device that never loaded the rounds is loading them: online, no pull done and none failed.
 * Offline the replication does not try (it waits for the network, and records nothing), so "loading" would stay
 * for good on a device that was never online: there the screens say to connect instead.
 */
export function useFirstPullRunning(): boolean {
  const sync = useSyncStatus();
  const online = useOnline();
  return online && sync.lastPullAt === undefined && !sync.lastPullError;
}
