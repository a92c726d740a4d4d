import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getBrowserDatabase } from '../db/browser-database';
import { DbContext } from '../db/db-context';
import { schemaVersions, type AppDatabase } from '../db/database';
import { preloadAllPages, preloadStartPage, router } from '../router';
import { activateLocale, i18n, storedLocale } from './i18n';
import { ReplicationContext, startAppReplication } from './replication';
import { SubmissionToasts } from './SubmissionToasts';
import { preloadShortcutHelp } from './ShortcutHelp';
import { preloadInBackground, preloadParts } from './lazy-page';
import type { ReplicationHandle } from '../../replication/runner';
import { requestPersistentStorage } from './storage';
import { registerServiceWorker } from './service-worker';
import { applyStoredTheme } from './theme';
import { VersionGuard } from './version-guard';
import { StaleVersionDialog } from './StaleVersionDialog';
import { ReadingZoneProvider } from './reading-zone';

const PRELOAD_PAGES_AFTER_MS = 1500;

type Boot = { db: AppDatabase; replication: ReplicationHandle } | { error: string };

/** This tab's code against the other tabs' (every tab follows an update). */
const versionGuard = new VersionGuard({ schema: schemaVersions(), version: __APP_VERSION__ });

/**
 * How a tab running old code stops: the focused field lets go (its last keystroke's write starts), every write
 * under way finishes, the replication stops and the database closes, so nothing more is written by this code.
 */
async function stopWriting(db: AppDatabase, replication: ReplicationHandle): Promise<void> {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  await new Promise((r) => setTimeout(r, 50));
  await db.requestIdlePromise();
  replication.stop();
  await db.close();
}

/** Opens the local database first: the UI renders from it alone, with or without network. */
export function App() {
  const [boot, setBoot] = useState<Boot | null>(null);
  const [localeReady, setLocaleReady] = useState(false);

  useEffect(() => {
    applyStoredTheme();
    void activateLocale(storedLocale(), { remember: false }).then(() => setLocaleReady(true));
    void requestPersistentStorage();
    registerServiceWorker(() => versionGuard.takeover());
    getBrowserDatabase({ beforeMigration: () => versionGuard.waitForOlderTabs() })
      .then((db) => {
        const replication = startAppReplication(db);
        versionGuard.setStopper(() => stopWriting(db, replication));
        versionGuard.announce();
        setBoot({ db, replication });
      })
      .catch((e: unknown) => {
        console.error('opening the local database failed', e);
        setBoot({ error: e instanceof Error ? e.message : String(e) });
      });
  }, []);

  useEffect(() => {
    if (!boot || 'error' in boot) return;
    // the start page right away (a user who opened a table and lost the network goes back there), the others
    // after the first screen is up, so its start is not slowed
    void preloadInBackground([preloadStartPage()]);
    const timer = setTimeout(
      () => void preloadInBackground([preloadAllPages(), preloadShortcutHelp(), preloadParts()]),
      PRELOAD_PAGES_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [boot]);

  if (!localeReady || !boot)
    return (
      <p className="p-4 text-slate-600 dark:text-slate-400" role="status">
        …
      </p>
    );
  if ('error' in boot) {
    // Shown before translations can matter: the three languages side by side.
    return (
      <div
        role="alert"
        className="m-4 rounded border border-red-400 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-50"
      >
        <p>
          Die lokale Datenbank konnte nicht geöffnet werden. / The local database could not be opened. / Impossibile
          aprire il database locale.
        </p>
        <pre className="mt-2 whitespace-pre-wrap text-sm">{boot.error}</pre>
      </div>
    );
  }
  return (
    <I18nProvider i18n={i18n}>
      <DbContext.Provider value={boot.db}>
        <ReplicationContext.Provider value={boot.replication}>
          <ReadingZoneProvider>
            <RouterProvider router={router} />
            <SubmissionToasts />
            <StaleVersionDialog guard={versionGuard} />
          </ReadingZoneProvider>
        </ReplicationContext.Provider>
      </DbContext.Provider>
    </I18nProvider>
  );
}
