import type { AppDatabase } from '../db/database';
import { activateLocale, storedLocale } from './i18n';
import { waitOnlineOnFailure } from './wait-online';
import type { ReplicationHandle } from '../../replication/runner';
import { requestPersistentStorage } from './storage';
import { registerServiceWorker } from './service-worker';
import { applyStoredTheme } from './theme';
import { VersionGuard } from './version-guard';
import { warmUpIntl } from './warm-up-intl';
import { BOOT_FAILURE_CLASS, BOOT_FAILURE_TEXT } from './boot-failure';
import { preloadFirstPage } from './first-page';
import type { Shell as ShellComponent } from './Shell';

/** Resolves in a later task, so the work after it does not lengthen the current one. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export type Boot =
  | { db: AppDatabase; replication: ReplicationHandle; Shell: typeof ShellComponent }
  | { error: string; failed: 'database' | 'code' };

/**
 * The router, the navbar and the pages' frame: not needed before the database is open, so their code is not part of
 * the first script; it loads while the database opens (a failed load offline waits for the network, as a page's).
 */
const loadShell = waitOnlineOnFailure(() => import('./Shell'));
/** The database's and the replication's code (./open-data explains why it is a script of its own). */
const loadData = waitOnlineOnFailure(() => import('./open-data'));

/** This tab's code against the other tabs' (every tab follows an update); it learns its schema with the data code. */
const versionGuard = new VersionGuard({ version: __APP_VERSION__ });

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
  const data = loadData();
  // in a task of its own: the database's opening (Dexie's and RxDB's set-up, 100 ms and more at 4× CPU) would
  // otherwise run on in the task that evaluated its code, one long task instead of two shorter ones
  const opened = data.then(async ({ getBrowserDatabase, schemaVersions }) => {
    versionGuard.setSchema(schemaVersions());
    await nextTask();
    return getBrowserDatabase({ beforeMigration: () => versionGuard.waitForOlderTabs() });
  });
  // settled either way: without a service worker (or in dev) nobody awaits it, and a database that failed to open
  // (or closed before any pull ended) must not leave an unhandled rejection behind
  const pullEnded = opened.then(async (db) => (await data).firstPullEnded(db)).catch(() => undefined);
  registerServiceWorker(() => versionGuard.takeover(), pullEnded);
  const shell = loadShell();
  preloadFirstPage();
  // awaited below once the database is open; a database that fails first must not leave it unhandled
  shell.catch(() => undefined);
  const boot = opened.then(
    async (db): Promise<Boot> => {
      const replication = (await data).startAppReplication(db);
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
    async (e: unknown): Promise<Boot> => {
      const error = e instanceof Error ? e.message : String(e);
      // online and the database's code is missing (as the shell's above): nothing was opened, nothing is lost
      const codeMissing = await data.then(
        () => false,
        () => true,
      );
      if (codeMissing) {
        console.error('loading the database code failed', e);
        return { error, failed: 'code' };
      }
      console.error('opening the local database failed', e);
      return { error, failed: 'database' };
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
    return (
      <div role="alert" className={BOOT_FAILURE_CLASS.box}>
        <p>{BOOT_FAILURE_TEXT[boot.failed]}</p>
        {boot.failed === 'code' && (
          <button type="button" className={BOOT_FAILURE_CLASS.reload} onClick={() => window.location.reload()}>
            {BOOT_FAILURE_TEXT.reload}
          </button>
        )}
        <pre className={BOOT_FAILURE_CLASS.error}>{boot.error}</pre>
      </div>
    );
  }
  return <boot.Shell db={boot.db} replication={boot.replication} guard={versionGuard} />;
}
