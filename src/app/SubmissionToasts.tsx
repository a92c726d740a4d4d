import { RouterContextProvider, useRouterState } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useDb } from '../db/db-context';
import { router } from '../router';
import { lazyPart } from './lazy-page';
import { isTableOf, watchSubmissions, type SubmissionEvent } from './submission-events';

/** The toast's texts and error codes load with the first outcome (or ahead of use), not with the first screen. */
const Toast = lazyPart(() => import('./SubmissionToast').then((m) => m.SubmissionToast));

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
      if (isTableOf(pathRef.current, event)) return;
      // One toast per round: a newer outcome replaces the older one (e.g. an error followed by success).
      setEvents((list) => [...list.filter((e) => e.instanceId !== event.instanceId), event]);
    });
    return () => sub.unsubscribe();
  }, [db]);
  return (
    <div className="pointer-events-none fixed right-2 bottom-2 z-50 w-[min(26rem,calc(100vw-1rem))] print:hidden">
      {events.map((event) => (
        <div key={event.instanceId} className="pointer-events-auto shadow-lg">
          <Suspense fallback={null}>
            <Toast event={event} onDismiss={dismiss} />
          </Suspense>
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
