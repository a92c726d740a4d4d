import { getBrowserDatabase } from '../db/browser-database';
import { schemaVersions, type AppDatabase } from '../db/database';
import { activateLocale, storedLocale } from './i18n';
import { firstPullEnded, startAppReplication } from './replication';
import { waitOnlineOnFailure } from './wait-online';
import type { ReplicationHandle } from '../../replication/runner';
import { requestPersistentStorage } from './storage';
import { registerServiceWorker } from './service-worker';
import { applyStoredTheme } from './theme';
import { VersionGuard } from './version-guard';
import { warmUpIntl } from './warm-up-intl';
import { preloadFirstPage } from './first-page';
import type { Shell as ShellComponent } from './Shell';

export type Boot =
  | { db: AppDatabase; replication: ReplicationHandle; Shell: typeof ShellComponent }
  | { error: string; failed: 'database' | 'code' };

/**
 * The router, the navbar and the pages' frame: not needed before the database is open, so their code is not part of
 * the first script; it loads while the database opens (a failed load offline waits for the network, as a page's).
 */
const loadShell = waitOnlineOnFailure(() => import('./Shell'));

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

/**
 * The start, begun when this module is evaluated rather than in an effect after React's first render: the database
 * opens, the shell's code and the language load in parallel from the first moment the script runs. Once the shell's
 * code is there it preloads the current route's page (Shell.tsx), still while the database opens.
 */
function startBoot(): { boot: Promise<Boot>; locale: Promise<void> } {
  applyStoredTheme();
  warmUpIntl();
  const locale = activateLocale(storedLocale(), { remember: false }).catch((e: unknown) => {
    // the UI shows in the source language rather than not at all
    console.error('loading the language failed', e);
  });
  void requestPersistentStorage();
  const opened = getBrowserDatabase({ beforeMigration: () => versionGuard.waitForOlderTabs() });
  // settled either way: without a service worker (or in dev) nobody awaits it, and a database that failed to open
  // (or closed before any pull ended) must not leave an unhandled rejection behind
  const pullEnded = opened.then((db) => firstPullEnded(db)).catch(() => undefined);
  registerServiceWorker(() => versionGuard.takeover(), pullEnded);
  const shell = loadShell();
  preloadFirstPage();
  // awaited below once the database is open; a database that fails first must not leave it unhandled
  shell.catch(() => undefined);
  const boot = opened.then(
    async (db): Promise<Boot> => {
      const replication = startAppReplication(db);
      versionGuard.setStopper(() => stopWriting(db, replication));
      versionGuard.announce();
      try {
        return { db, replication, Shell: (await shell).Shell };
      } catch (e) {
        // online and the code is missing (a deploy replaced it before the service worker had it): the data is
        // safe in the database, which is open and replicating; a reload fetches the current code
        console.error('loading the app code failed', e);
        return { error: e instanceof Error ? e.message : String(e), failed: 'code' };
      }
    },
    (e: unknown): Boot => {
      console.error('opening the local database failed', e);
      return { error: e instanceof Error ? e.message : String(e), failed: 'database' };
    },
  );
  return { boot, locale };
}

const started = startBoot();
const ready = Promise.all([started.boot, started.locale]).then(([boot]) => boot);

/**
 * The boot, once the app can render its first real screen (the database open, the shell's code and the language
 * there, or a failure to show). src/main.tsx renders only then: until then the page keeps the first frame
 * index.html painted (src/first-frame/first-frame.js), which a render before would replace with "…".
 */
export function appStarted(): Promise<Boot> {
  return ready;
}

/** Opens the local database first: the UI renders from it alone, with or without network. */
export function App({ boot }: { boot: Boot }) {
  if ('error' in boot) {
    // Shown before translations can matter: the three languages side by side.
    return (
      <div
        role="alert"
        className="m-4 rounded border border-red-400 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-50"
      >
        {boot.failed === 'database' ? (
          <p>
            Die lokale Datenbank konnte nicht geöffnet werden. / The local database could not be opened. / Impossibile
            aprire il database locale.
          </p>
        ) : (
          <>
            <p>
              Die App konnte nicht vollständig geladen werden; Ihre Eingaben sind auf diesem Gerät gespeichert. / The
              app could not be loaded completely; your entries are saved on this device. / Impossibile caricare
              completamente l&apos;app; i dati inseriti sono salvati su questo dispositivo.
            </p>
            <button
              type="button"
              className="mt-2 min-h-11 rounded bg-sky-700 px-3 py-2 font-semibold text-white"
              onClick={() => window.location.reload()}
            >
              Neu laden / Reload / Ricarica
            </button>
          </>
        )}
        <pre className="mt-2 whitespace-pre-wrap text-sm">{boot.error}</pre>
      </div>
    );
  }
  return <boot.Shell db={boot.db} replication={boot.replication} guard={versionGuard} />;
}
