import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { DurabilityRisk } from '../domain/durability';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/** The warning DurabilityGuard.tsx decided to show (it loads this code only then). */
export function DurabilityWarning({
  risk,
  othersWaiting,
  round,
  refused,
  onDismiss,
  onAskToKeep,
}: {
  risk: DurabilityRisk | undefined;
  othersWaiting: number;
  /** the unsent round the warning names, when it is this user's */
  round: { mrName: string; date: string } | undefined;
  refused: boolean;
  onDismiss: () => void;
  onAskToKeep: () => void;
}) {
  const { t } = useLingui();
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
  if (!risk) {
    // nothing this user can do about them but leave the data alone: a hint, closed like the storage one
    return (
      <Alert type="info" testId="durability-warning" onClose={onDismiss} closeLabel={t`Close`}>
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
  return (
    <Alert type="warning" testId="durability-warning" onClose={onDismiss} closeLabel={t`Close`}>
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
        <Button className="mt-2" onClick={onAskToKeep}>
          <Trans>Keep the data on this device</Trans>
        </Button>
      )}
    </Alert>
  );
}
