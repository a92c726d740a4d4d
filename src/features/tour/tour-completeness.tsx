import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { map } from 'rxjs';
import type { Draft } from '../../../schemas/forms/draft';
import { useDb } from '../../db/db-context';
import type { DraftStore } from '../../db/draft-store';
import { useObservable } from '../../db/hooks';
import { useConfig } from '../../db/reference-hooks';
import { stationCompleteness, type Completeness } from '../../domain/station-completeness';
import type { Tour } from './use-tour';

/**
 * per station: complete in the sense of §4, over the entries as they would be posted; undefined until the drafts,
 * photos, tasks and facility changes are read (from fewer, stations were "not complete" for that moment)
 */
export type TourCompleteness = ReadonlyMap<string, boolean> | undefined;

const CompletenessContext = createContext<TourCompleteness>(undefined);

/** The tour's stations' completeness, for the screens and marks that show it. */
export function useTourCompleteness(): TourCompleteness {
  return useContext(CompletenessContext);
}

/**
 * Works out the tour's completeness for everything below it. A key's saved mark does not wait for it: the drafts
 * reach the completeness in a transition, after the key's own render is painted (a key once rendered the whole tour
 * before its field showed it saved).
 */
export function TourCompletenessProvider({ tour, children }: { tour: Tour; children: ReactNode }) {
  const db = useDb();
  const config = useConfig();
  const { round, instance, store, taskActions, facilityActions } = tour;
  const instanceId = instance.instanceId;
  const drafts = useDraftsInTransition(store);
  const photoTsIds = useObservable<string | undefined>(
    () =>
      db.photos
        .find({ selector: { instanceId } })
        .$.pipe(map((docs) => docs.map((d) => `${d.tsId}\u0000${d.id}`).join('|'))),
    undefined,
    [db, instanceId],
  );
  // read again only when a photo comes or goes, not on every key
  const photoIdsByTsId = useMemo(() => {
    const byTsId = new Map<string, string[]>();
    for (const pair of photoTsIds ? photoTsIds.split('|') : []) {
      const [tsId = '', id = ''] = pair.split('\u0000');
      const ids = byTsId.get(tsId);
      if (ids) ids.push(id);
      else byTsId.set(tsId, [id]);
    }
    return byTsId;
  }, [photoTsIds]);
  const read = tour.ready && drafts.loaded && photoTsIds !== undefined && taskActions.read && facilityActions.read;
  // the last answer, so a key works out only its own station again
  const last = useRef<Completeness | undefined>(undefined);
  const complete = useMemo(() => {
    if (!read) return undefined;
    // over the entries exactly as the submit queue will post them: drafts, photos, tasks and facility changes applied
    const completeness = stationCompleteness(
      round,
      instance,
      {
        defaultTime: config.defaultTime,
        zone: tour.ctx.zone,
        formulaGenerator: config.tsFormulaGenerator,
        photoIdsByTsId,
        tasks: taskActions.localTasks,
        facilities: facilityActions.local,
        drafts: drafts.list,
      },
      last.current,
    );
    last.current = completeness;
    return completeness.complete;
  }, [
    read,
    round,
    instance,
    config.defaultTime,
    config.tsFormulaGenerator,
    tour.ctx.zone,
    photoIdsByTsId,
    taskActions.localTasks,
    facilityActions.local,
    drafts,
  ]);
  return <CompletenessContext.Provider value={complete}>{children}</CompletenessContext.Provider>;
}

/**
 * The instance's drafts, each change as a transition: urgent renders (a key's field, its saved mark) go first.
 * `loaded` says the list is the stored one: the screen may know the drafts are read a render before this list has
 * them, and a count over no drafts would say "not complete" of a complete station for that moment.
 */
function useDraftsInTransition(store: DraftStore): { list: readonly Draft[]; loaded: boolean } {
  const [drafts, setDrafts] = useState(() => ({ list: store.all(), loaded: store.loaded }));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setDrafts((seen) =>
          seen.list === store.all() && seen.loaded === store.loaded
            ? seen
            : { list: store.all(), loaded: store.loaded },
        ),
      );
    // a change between the render and this subscription
    update();
    return store.subscribeAll(update);
  }, [store]);
  return drafts;
}
