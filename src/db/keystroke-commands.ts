import type { DraftPatch } from '../../schemas/db/draft-doc';
import type { AppDatabase } from './database';
import { openOrCreateInstance, writeInstanceDraft } from './instance-commands';
import { keystrokeJournal, type JournalTarget } from './keystroke-journal';

/**
 * A screen's keystroke: noted synchronously (keystroke-journal.ts), then written into the instance, which `ensure`
 * opens or creates on a round's first key. So a page that goes between the key and its IndexedDB write (a reload,
 * a closed app) keeps the key: the next start writes it.
 */
export async function writeTypedDraft(
  db: AppDatabase,
  target: JournalTarget,
  ensure: () => Promise<string>,
  tsId: string,
  patch: DraftPatch,
): Promise<void> {
  const settled = keystrokeJournal()?.note(target, tsId, patch);
  try {
    await writeInstanceDraft(db, await ensure(), tsId, patch);
  } finally {
    settled?.();
  }
}

/**
 * At start, before any screen reads: the keystrokes a tab that is gone noted but never wrote, written through the
 * same commands as when typed. Resolves to how many.
 */
export async function replayKeystrokes(db: AppDatabase): Promise<number> {
  const journal = keystrokeJournal();
  if (!journal) return 0;
  const replayed = await journal.replay(async (target, tsId, patch) => {
    const instanceId =
      'instanceId' in target
        ? target.instanceId
        : await openOrCreateInstance(db, target.open, { anyState: target.anyState ?? false });
    await writeInstanceDraft(db, instanceId, tsId, patch);
  });
  if (replayed > 0) console.info(`${replayed} keystroke(s) typed just before the app went were stored now`);
  return replayed;
}
