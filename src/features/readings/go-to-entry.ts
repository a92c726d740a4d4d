import { useEffect } from 'react';
import { originalTsId } from '../../domain/station-copies';

/**
 * "Take me to this entry" from a prompt or an error list: the screen that shows the entries (the
 * office table, the tour) scrolls to it, renders or opens its station and focuses its value. A window event,
 * because the lists that ask for it (submit bar, dialogs) do not know which screen they sit on.
 */
export const GO_TO_ENTRY_EVENT = 'go-to-entry';

/** An entry by timeseries id, or a station (its first reading) by number. */
export type EntryTarget = { tsId: string; staNumber?: undefined } | { staNumber: string; tsId?: undefined };

/**
 * Where a target is among a screen's stations: the index of the station holding it (-1 when none does) and the
 * series to focus. A station copy's tsId is the original's with `#n`: it sits in the original's station.
 */
export function findTarget(
  stations: readonly { staNumber: string; entries: readonly { tsId: string }[] }[],
  target: EntryTarget,
): { index: number; tsId: string | undefined } {
  const tsId = target.tsId && originalTsId(target.tsId);
  const index = stations.findIndex((s) =>
    tsId ? s.entries.some((e) => e.tsId === tsId) : s.staNumber === target.staNumber,
  );
  return { index, tsId };
}

export function goToEntry(target: EntryTarget): void {
  // after the current task: a closing dialog first gives the focus back, then the entry takes it
  setTimeout(() => window.dispatchEvent(new CustomEvent<EntryTarget>(GO_TO_ENTRY_EVENT, { detail: target })), 0);
}

/** Calls `onGo` for every request to go to an entry while the screen is mounted. */
export function useGoToEntry(onGo: (target: EntryTarget) => void): void {
  useEffect(() => {
    const listener = (e: Event) => {
      if (e instanceof CustomEvent) onGo(e.detail as EntryTarget);
    };
    window.addEventListener(GO_TO_ENTRY_EVENT, listener);
    return () => window.removeEventListener(GO_TO_ENTRY_EVENT, listener);
  }, [onGo]);
}
