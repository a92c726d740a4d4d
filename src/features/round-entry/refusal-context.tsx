import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useReadingZone } from '../../app/reading-zone';
import type { DraftStore } from '../../db/draft-store';
import { heldAtTime } from '../../domain/refusal-rows';
import {
  describeRefusal,
  refusalConcerns,
  refusalHeldBy,
  type Refusal,
  type RefusedEntry,
  type RowHeld,
} from '../../domain/submit-refusal';

interface RefusalState {
  refusal?: Refusal;
  /** the round's date, which with a row's time makes the date a refusal may name */
  date?: string;
  zone?: string;
}

/**
 * The server's refusal of the round's last submission, for the value it concerns: the table row and the tour's
 * station mark that value. It follows the stored error, so the first edit (which takes the round out of error,
 * src/db/instance-commands.ts recordEdit) clears it.
 */
const RefusalContext = createContext<RefusalState>({});

/**
 * The refusal of the value of `tsId` (or of the series it is a copy of), if the last submission was refused for
 * it and the row holds what it names (`held` gives undefined while not known: marked). `held` is asked only
 * when there is such a refusal, so the rows of a round without one make no dates.
 */
export function useRefusalOf(tsId: string, held: () => RowHeld | undefined): Refusal | undefined {
  const { refusal } = useContext(RefusalContext);
  return refusal !== undefined && refusalConcerns(refusal, tsId) && refusalHeldBy(refusal, held())
    ? refusal
    : undefined;
}

/** The refusal a row's time field shows: its time with the round's date makes the date the refusal names. */
export function useRefusalAtTime(tsId: string, time: string | undefined): Refusal | undefined {
  const { date, zone } = useContext(RefusalContext);
  return useRefusalOf(tsId, () => (date === undefined ? undefined : heldAtTime(date, time, zone)));
}

/**
 * The refusal one of the rows `tsIds` (a station's rows on the tour's list, copies included) holds, if there is
 * one; `heldOf` as for useRefusalOf, asked only with such a refusal.
 */
export function useRefusalIn(
  tsIds: readonly string[],
  heldOf: (tsId: string) => RowHeld | undefined,
): Refusal | undefined {
  const { refusal } = useContext(RefusalContext);
  if (refusal === undefined) return undefined;
  return tsIds.some((tsId) => refusalConcerns(refusal, tsId) && refusalHeldBy(refusal, heldOf(tsId)))
    ? refusal
    : undefined;
}

const unwatched = () => () => undefined;

/**
 * Whether the store has its drafts: before, a row's draft is not known (no draft and not loaded look alike). Only
 * a row of a round with a refusal watches the store: the others would be told of every keystroke for nothing.
 */
export function useDraftsLoaded(store: DraftStore): boolean {
  const watch = useContext(RefusalContext).refusal !== undefined;
  const subscribe = useCallback((l: () => void) => store.subscribeAll(l), [store]);
  return useSyncExternalStore(watch ? subscribe : unwatched, () => store.loaded);
}

export function RefusalProvider({
  instance,
  entries,
  children,
}: {
  instance:
    | (Pick<OfflineInstanceDoc, 'syncState' | 'lastError'> & Partial<Pick<OfflineInstanceDoc, 'date'>>)
    | null
    | undefined;
  entries: readonly RefusedEntry[];
  children: ReactNode;
}) {
  const zone = useReadingZone();
  const error = instance?.syncState === 'error' ? instance.lastError : undefined;
  const date = instance?.date;
  // every emission of the instance is a new object: keyed on the error's content, the rows render only when it changes
  const key = error ? JSON.stringify(error) : '';
  const state = useMemo<RefusalState>(
    () => ({
      ...(key ? { refusal: describeRefusal(JSON.parse(key) as NonNullable<typeof error>, entries) } : {}),
      ...(date ? { date } : {}),
      zone,
    }),
    [key, entries, date, zone],
  );
  return <RefusalContext.Provider value={state}>{children}</RefusalContext.Provider>;
}
