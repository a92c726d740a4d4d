import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, RouterContextProvider, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDb } from '../db/db-context';
import { router } from '../router';
import { Alert } from '../ui/Alert';
import { useLocaleFormat } from './use-locale-format';
import { instanceRoute, isScreenOf } from '../domain/instance-route';
import { watchSubmissions, type SubmissionEvent } from './submission-events';
import { RoundSubmitErrorText } from './SubmitErrorText';

/** §8 success alerts disappear on their own after this time; errors stay until dismissed. */
export const SUCCESS_TOAST_MS = 8_000;

/** §3 Alert dt: the time of the outcome, first, so a toast read minutes later says when it happened. */
function AlertTime({ dt }: { dt: string }) {
  const fmt = useLocaleFormat();
  return (
    <time dateTime={dt} className="mr-1 text-xs font-semibold tabular-nums" data-testid="alert-time">
      {fmt.epochTime(Date.parse(dt))}
    </time>
  );
}

function Toast({ event, onDismiss }: { event: SubmissionEvent; onDismiss: (instanceId: string) => void }) {
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
        <AlertTime dt={event.dt} />
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
      <AlertTime dt={event.dt} />
      <p>
        <Trans>
          Round {name} ({date}) could not be submitted. The entries are kept on this device.
        </Trans>
      </p>
      {event.lastError && (
        <p className="mt-1 line-clamp-3 text-xs">
          <RoundSubmitErrorText error={event.lastError} round={event} />
        </p>
      )}
      <Link {...instanceRoute(event)} onClick={onClose} className="mt-1 inline-block font-semibold underline">
        <Trans>Open the round</Trans>
      </Link>
    </Alert>
  );
}

function Toasts() {
  const db = useDb();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The subscription lives as long as the app; it reads the current path through a ref, not a re-subscribe.
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  const [events, setEvents] = useState<SubmissionEvent[]>([]);
  const dismiss = useCallback(
    (instanceId: string) => setEvents((list) => list.filter((e) => e.instanceId !== instanceId)),
    [],
  );
  useEffect(() => {
    const sub = watchSubmissions(db).subscribe((event) => {
      if (isScreenOf(pathRef.current, event)) return;
      // One toast per round: a newer outcome replaces the older one (e.g. an error followed by success).
      setEvents((list) => [...list.filter((e) => e.instanceId !== event.instanceId), event]);
    });
    return () => sub.unsubscribe();
  }, [db]);
  return (
    <div className="pointer-events-none fixed right-2 bottom-2 z-50 w-[min(26rem,calc(100vw-1rem))] print:hidden">
      {events.map((event) => (
        <div key={event.instanceId} className="pointer-events-auto shadow-lg">
          <Toast event={event} onDismiss={dismiss} />
        </div>
      ))}
    </div>
  );
}

/**
 * A submission that finishes while the user is on another screen (sent after going back online, or
 * failed after the retry) is confirmed wherever the user is. Mounted beside the router, so it uses the
 * router's context for its links.
 */
export function SubmissionToasts() {
  return (
    <RouterContextProvider router={router}>
      <Toasts />
    </RouterContextProvider>
  );
}
