import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Alert } from '../ui/Alert';
import { useLocaleFormat } from './use-locale-format';
import type { SubmissionEvent } from './submission-events';
import { SubmitErrorText } from './SubmitErrorText';

/** §8 success alerts disappear on their own after this time; errors stay until dismissed. */
export const SUCCESS_TOAST_MS = 8_000;

export function SubmissionToast({
  event,
  onDismiss,
}: {
  event: SubmissionEvent;
  onDismiss: (instanceId: string) => void;
}) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const name = event.mrName;
  const date = fmt.date(event.date);
  const onClose = () => onDismiss(event.instanceId);
  useEffect(() => {
    if (event.outcome !== 'sent') return undefined;
    const timer = setTimeout(() => onDismiss(event.instanceId), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [event, onDismiss]);
  if (event.outcome === 'sent') {
    // measureRound.postCompletedMeasureRoundSuccess (§8), with the value count of api.postTimeseriesSuccess
    return (
      <Alert type="success" testId="submission-toast" onClose={onClose} closeLabel={t`Close`}>
        <Plural
          value={event.valueCount}
          one={`Round ${name} submitted: # value`}
          other={`Round ${name} submitted: # values`}
        />
      </Alert>
    );
  }
  return (
    <Alert type="danger" testId="submission-toast-error" onClose={onClose} closeLabel={t`Close`}>
      <p>
        <Trans>
          Round {name} ({date}) could not be submitted. The entries are kept on this device.
        </Trans>
      </p>
      {event.lastError && (
        <p className="mt-1 line-clamp-3 text-xs">
          <SubmitErrorText error={event.lastError} />
        </p>
      )}
      <Link
        to="/stations/$group/$date"
        params={{ group: event.mrName, date: event.date }}
        onClick={onClose}
        className="mt-1 inline-block font-semibold underline"
      >
        <Trans>Open the round</Trans>
      </Link>
    </Alert>
  );
}
