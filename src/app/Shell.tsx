import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { DbContext } from '../db/db-context';
import type { AppDatabase } from '../db/database';
import { preloadAllPages, preloadCurrentPage, preloadStartPage, router } from '../router';
import type { ReplicationHandle } from '../../replication/runner';
import { i18n } from './i18n';
import { preloadInBackground } from './lazy-page';
import { ReadingZoneProvider } from './reading-zone';
import { ReplicationContext } from './replication';
import { preloadShortcutHelp } from './ShortcutHelp';
import { StaleVersionDialog } from './StaleVersionDialog';
import { SubmissionToasts } from './SubmissionToasts';
import type { VersionGuard } from './version-guard';

const PRELOAD_PAGES_AFTER_MS = 1500;
/** At the latest this long after the page's load the other pages' code loads, idle or not. */
const PRELOAD_IDLE_TIMEOUT_MS = 10_000;

/**
 * Runs `fn` once the page has loaded, `delayMs` have passed and the main thread is idle. On a first visit over a slow
 * link the other pages' code (about 1 MB compressed, the map's library included) competed with the first screen's
 * own requests (the first pull) for the link, and its evaluation made long tasks while the first screen still came
 * (Lighthouse's total blocking time). Answers a cancel function.
 */
function whenIdleAfterLoad(fn: () => void, delayMs: number): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const run = () => {
    if (!cancelled) fn();
  };
  const afterLoad = () => {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(run, { timeout: PRELOAD_IDLE_TIMEOUT_MS });
      else run();
    }, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

// This module loads while the database opens (App.tsx): the current page's code loads in that time too.
void preloadInBackground([preloadCurrentPage()]);

/**
 * Everything drawn around the pages once the database is open: the router with its navbar and routes, the toasts,
 * the stale-version block. App.tsx loads this code while the database opens (in parallel, not after it), so the
 * first script the browser runs is only what opens the database and the language.
 */
export function Shell({
  db,
  replication,
  guard,
}: {
  db: AppDatabase;
  replication: ReplicationHandle;
  guard: VersionGuard;
}) {
  useEffect(() => {
    // the start page right away (a user who opened a table and lost the network goes back there), the others
    // after the first screen is up, so its start is not slowed
    void preloadInBackground([preloadStartPage()]);
    return whenIdleAfterLoad(
      () => void preloadInBackground([preloadAllPages(), preloadShortcutHelp()]),
      PRELOAD_PAGES_AFTER_MS,
    );
  }, []);

  return (
    <I18nProvider i18n={i18n}>
      <DbContext.Provider value={db}>
        <ReplicationContext.Provider value={replication}>
          <ReadingZoneProvider>
            <RouterProvider router={router} />
            <SubmissionToasts />
            <StaleVersionDialog guard={guard} />
          </ReadingZoneProvider>
        </ReplicationContext.Provider>
      </DbContext.Provider>
    </I18nProvider>
  );
}
