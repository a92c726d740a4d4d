import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { useDataOwner } from '../db/data-owner';
import { useDb } from '../db/db-context';
import { useObservable } from '../db/hooks';
import { useReadConfig } from '../db/reference-hooks';
import { ownerOf } from '../domain/data-owner';
import { durabilityFor } from '../domain/durability';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

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

interface UnsentRound {
  instanceId: string;
  mrName: string;
  date: string;
  since: number;
  owner: string | undefined;
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
  // the config's days, once read: from the defaults (2) a round was named "waiting too long" until the config was read
  const unsentWarningDays = useReadConfig()?.unsentWarningDays;
  const { t } = useLingui();
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
  // undefined until read, like the user and the config below: until all three are, the guard warns of nothing (before,
  // the user's own rounds were counted as another user's for the moment the user took)
  const unsent = useObservable<UnsentRound[] | undefined>(
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
    undefined,
    [db],
  );
  // null while the database has not answered
  const owner = useDataOwner();
  if (unsent === undefined || owner === null || unsentWarningDays === undefined) return null;
  const user = owner ?? undefined;
  const { risk, othersWaiting, othersAtRisk } = durabilityFor(
    { ...storage, unsent, unsentWarningDays, now: Date.now() },
    user,
  );
  // Other users' rounds are counted, never named (shared devices): the next user must not clear the browser.
  const others =
    othersWaiting > 0 ? (
      <p className="mt-1" data-testid="others-unsent">
        {plural(othersWaiting, {
          one: '# round of another user on this device waits for their login.',
          other: '# rounds of other users on this device wait for their login.',
        })}
      </p>
    ) : null;
  const dismiss = () => {
    setDismissed(true);
    writeDismissed();
  };
  if (!risk) {
    // nothing this user can do about them but leave the data alone: a hint, closed like the storage one
    if (!othersAtRisk || dismissed) return null;
    return (
      <Alert type="info" testId="durability-warning" onClose={dismiss} closeLabel={t`Close`}>
        {others}
      </Alert>
    );
  }
  if (risk.kind === 'quota') {
    const free = risk.freeMb;
    return (
      <Alert type="danger" testId="durability-warning">
        <p>
          <Trans>
            Storage on this device is almost full ({free} MB left). Send your rounds, or export the local data so
            nothing is lost.
          </Trans>
        </p>
        <Link to="/debug" className="mt-1 inline-block underline">
          <Trans>Export the local data</Trans>
        </Link>
        {others}
      </Alert>
    );
  }
  if (risk.kind === 'unsent') {
    const { mrName, days } = risk;
    const round = unsent.find((u) => u.instanceId === risk.instanceId);
    return (
      <Alert type="warning" testId="durability-warning">
        <p>
          {plural(days, {
            one: `The round ${mrName} has been waiting on this device for # day without reaching the server.`,
            other: `The round ${mrName} has been waiting on this device for # days without reaching the server.`,
          })}
        </p>
        {round && (
          <Link
            to="/stations/$group/$date"
            params={{ group: round.mrName, date: round.date }}
            className="mt-1 inline-block underline"
          >
            <Trans>Open it to send it</Trans>
          </Link>
        )}
        {others}
      </Alert>
    );
  }
  if (dismissed) return null;
  const askToKeep = async () => {
    const granted = await navigator.storage?.persist?.().catch(() => false);
    setStorage(await readStorage());
    setRefused(!granted);
  };
  return (
    <Alert type="warning" testId="durability-warning" onClose={dismiss} closeLabel={t`Close`}>
      <p>
        <Trans>
          This browser may clear the data on this device when storage runs low, and rounds here are not yet sent.
        </Trans>
      </p>
      {others}
      {refused ? (
        <p className="mt-1">
          <Trans>The browser did not agree. Install the app (add it to the home screen) or send the rounds soon.</Trans>
        </p>
      ) : (
        <Button className="mt-2" onClick={() => void askToKeep()}>
          <Trans>Keep the data on this device</Trans>
        </Button>
      )}
    </Alert>
  );
}
