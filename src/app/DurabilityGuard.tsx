import { Suspense, useEffect, useState } from 'react';
import { map } from 'rxjs';
import { useDataOwner } from '../db/data-owner';
import { useDb } from '../db/db-context';
import { useObservable } from '../db/hooks';
import { useConfig } from '../db/reference-hooks';
import { ownerOf } from '../domain/data-owner';
import { durabilityFor } from '../domain/durability';
import { lazyPart } from './lazy-page';

const DurabilityWarning = lazyPart(() => import('./DurabilityWarning').then((m) => m.DurabilityWarning));

interface StorageState {
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

async function readStorage(): Promise<StorageState> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const persisted = await navigator.storage?.persisted?.().catch(() => undefined);
  return { usage: estimate?.usage, quota: estimate?.quota, persisted };
}

const DISMISSED_KEY = 'hydrorounds.persistHintDismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeDismissed(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // private mode without storage: closed for this visit only
  }
}

/**
 * A warning with one action when data on this device is at risk before it reaches the server: storage
 * running out (export), a round left unsent too long (open it to send), or storage the browser may clear
 * (ask to keep it). Browsers evicting data silently is the loss field apps are known for.
 */
export function DurabilityGuard() {
  const db = useDb();
  const { unsentWarningDays } = useConfig();
  const [storage, setStorage] = useState<StorageState>({});
  // the "may be cleared" hint is closed once per device (on every tour screen it pushed the value
  // down); the urgent ones cannot be closed
  const [dismissed, setDismissed] = useState(readDismissed);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    void readStorage().then(setStorage);
    const timer = setInterval(() => void readStorage().then(setStorage), 60_000);
    return () => clearInterval(timer);
  }, []);
  const unsent = useObservable(
    () =>
      db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } } }).$.pipe(
        map((docs) =>
          docs.map((d) => ({
            instanceId: d.instanceId,
            mrName: d.mrName,
            date: d.date,
            since: Date.parse(d.creationTime),
            owner: ownerOf(d.toJSON()),
          })),
        ),
      ),
    [],
    [db],
  );
  // null while the database has not answered: until then only rounds without an owner count as this user's
  const user = useDataOwner() ?? undefined;
  const { risk, othersWaiting, othersAtRisk } = durabilityFor(
    { ...storage, unsent, unsentWarningDays, now: Date.now() },
    user,
  );
  const dismiss = () => {
    setDismissed(true);
    writeDismissed();
  };
  // the common case shows nothing: the warning's texts load only when there is one to show
  if (!risk ? !othersAtRisk || dismissed : risk.kind === 'notPersisted' && dismissed) return null;
  const askToKeep = async () => {
    const granted = await navigator.storage?.persist?.().catch(() => false);
    setStorage(await readStorage());
    setRefused(!granted);
  };
  const round = risk?.kind === 'unsent' ? unsent.find((u) => u.instanceId === risk.instanceId) : undefined;
  return (
    <Suspense fallback={null}>
      <DurabilityWarning
        risk={risk}
        othersWaiting={othersWaiting}
        round={round}
        refused={refused}
        onDismiss={dismiss}
        onAskToKeep={() => void askToKeep()}
      />
    </Suspense>
  );
}
