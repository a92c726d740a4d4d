import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { useReplication } from '../../app/replication';
import { useOnline } from '../../app/use-online';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';

type Loading = { state: 'loading' } | { state: 'not-found' } | { state: 'failed'; message: string };

/**
 * An archived round that is not on this device (older than the archive's pulled pages, or a link from an
 * e-mail or a report): online it is loaded from the server (§7 GET /completed-measure-round/{instanceId})
 * into the database, and the screen shows it from there; offline the user is told it will load once online.
 */
export function MissingRound({ instanceId, back }: { instanceId: string; back: ReactNode }) {
  const replication = useReplication();
  const online = useOnline();
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    setLoading({ state: 'loading' });
    replication.loadCompletedRound(instanceId).then(
      // stored: the round's query emits and this screen is replaced by the round
      (found) => current && !found && setLoading({ state: 'not-found' }),
      (e: unknown) => current && setLoading({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
  }, [replication, instanceId, online, attempt]);

  if (!online) {
    return (
      <Alert type="warning" testId="archive-round-missing">
        <p>
          <Trans>
            This completed round is not on this device. It will be loaded from the server as soon as the device is
            online.
          </Trans>
        </p>
        {back}
      </Alert>
    );
  }
  if (loading.state === 'loading') {
    return (
      <p role="status" data-testid="archive-round-loading">
        <Trans>Loading this completed round from the server…</Trans>
      </p>
    );
  }
  if (loading.state === 'not-found') {
    return (
      <Alert type="danger" testId="archive-round-missing">
        <p>
          <Trans>The server knows no completed round with this link, or it is not one of your rounds.</Trans>
        </p>
        {back}
      </Alert>
    );
  }
  return (
    <Alert type="danger" testId="archive-round-missing">
      <p>
        <Trans>This completed round could not be loaded from the server: {loading.message}</Trans>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Load again</Trans>
        </Button>
        {back}
      </div>
    </Alert>
  );
}
