import { appBase } from '../../app/base-url';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { useState } from 'react';
import { map, of, switchMap } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { StoredRoundSummarySchema, tourSummaryKey } from '../../../schemas/db/stored-round-summary';
import { tourRoundKey, tourSnapshot } from '../../db/instance-round';
import { useAuthChecking, useAuthState } from '../../app/use-auth';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useOnline } from '../../app/use-online';
import { useDataOwner } from '../../db/data-owner';
import { useDb } from '../../db/db-context';
import { instanceVisibleTo, ownerOf } from '../../domain/data-owner';
import { instanceRoute } from '../../domain/instance-route';
import { storedRoundsOn } from '../../domain/stored-rounds';
import { useObservable } from '../../db/hooks';
import {
  isTourReady,
  layerTemplate,
  summarizeStoredRound,
  tourReadiness,
  type ReadinessLine,
  type TileStock,
} from '../../domain';
import { useReadConfig } from '../../db/reference-hooks';
import { MapTilesRecordSchema, mapTilesKey, type MapTilesRecord } from '../../../schemas/db/map-tiles-record';
import type { Location } from '../../../schemas/api';
import { PrepareMapTiles, useMegabytes } from './PrepareMapTiles';
import { Alert } from '../../ui/Alert';
import { SyncBadge } from '../../app/SyncBadge';
import { DeleteInstanceButton } from '../groups/DeleteInstanceButton';
import { DeleteInstanceDialog } from '../groups/DeleteInstanceDialog';

interface Stored {
  entryCount: number;
  entriesWithHistory: number;
  stationsWithLocation: number;
  hasMapData: boolean;
  /** one location per located station, for the tiles to prepare */
  points: Location[];
  tiles: MapTilesRecord | undefined;
}

/**
 * What the device holds for one stored round: the summary of its snapshot's history and locations, and the round's
 * map data. A round stored before summaries were written has none: its snapshot is read and summarized instead.
 */
function useStoredData(instance: OfflineInstanceDoc): Stored | undefined {
  const db = useDb();
  const { instanceId, mrId } = instance;
  return useObservable<Stored | undefined>(
    () => {
      const summaryKey = tourSummaryKey(instanceId);
      const tilesKey = mapTilesKey(instanceId);
      // the five documents by their keys, never a range of the reference documents, among which lies every stored
      // round's whole snapshot ('tourRound:…'); `$in` on another field than the key is such a range (drafts-of-instances)
      return db.reference
        .findByIds([summaryKey, tilesKey, `mapTrack:${mrId}`, `mapOverlay:${mrId}:osm`, `mapOverlay:${mrId}:ortho`])
        .$.pipe(
          switchMap((found) => {
            const docs = [...found.values()];
            const written = v.safeParse(StoredRoundSummarySchema, docs.find((d) => d.key === summaryKey)?.data);
            const summary = written.success
              ? of(written.output)
              : db.reference
                  .findOne(tourRoundKey(instanceId))
                  .$.pipe(map((doc) => summarizeStoredRound(tourSnapshot(doc)?.entries ?? [])));
            const tiles = v.safeParse(MapTilesRecordSchema, docs.find((d) => d.key === tilesKey)?.data);
            return summary.pipe(
              map((s): Stored => ({
                entryCount: s.entryCount,
                entriesWithHistory: s.entriesWithHistory,
                stationsWithLocation: s.points.length,
                hasMapData: docs.some((d) => d.key !== summaryKey && d.key !== tilesKey),
                points: s.points,
                tiles: tiles.success ? tiles.output : undefined,
              })),
            );
          }),
        );
    },
    undefined,
    [db, instanceId, mrId],
  );
}

/** Tiles prepared for another layer (the config changed since) count as not prepared. */
function tileStock(record: MapTilesRecord | undefined, template: string): TileStock {
  return record && record.layerUrl === template
    ? { total: record.total, stored: record.stored, bytes: record.bytes }
    : { total: 0, stored: 0, bytes: 0 };
}

function ReadinessText({ line, loginNeeded }: { line: ReadinessLine; loginNeeded: boolean }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const mb = useMegabytes();
  const n = fmt.number(line.tiles?.stored ?? 0);
  const of = fmt.number(line.tiles?.total ?? 0);
  const size = mb(line.tiles?.bytes ?? 0);
  const texts: Record<ReadinessLine['item'], Record<ReadinessLine['state'], string>> = {
    history: {
      ok: t`history on the device`,
      partial: t`history only for some timeseries`,
      missing: t`no history on the device`,
      offline: '',
    },
    map: { ok: t`map data on the device`, partial: '', missing: t`no map data or station locations`, offline: '' },
    tiles: {
      ok: t`map tiles: ready (${n} tiles, ${size} MB)`,
      partial: t`map tiles: partly (${n} of ${of})`,
      missing: t`map tiles: not prepared`,
      offline: '',
    },
    login: {
      ok: loginNeeded ? t`login valid` : t`no login needed`,
      partial: '',
      missing: t`not logged in: log in before leaving the network`,
      offline: t`offline: login checked when back online`,
    },
  };
  return (
    <span className={line.state === 'ok' ? '' : 'font-semibold text-amber-800 dark:text-amber-300'}>
      {texts[line.item][line.state]}
    </span>
  );
}

function StoredTour({ instance, onDelete }: { instance: OfflineInstanceDoc; onDelete: () => void }) {
  const fmt = useLocaleFormat();
  const online = useOnline();
  const authState = useAuthState();
  // while the provider is asked, "not logged in" would be a guess (it said so for a moment before a valid login)
  const loginKnown = !useAuthChecking();
  const stored = useStoredData(instance);
  // the read config: from the defaults, a tiles line (and its ✓/⚠) was judged against a layer the config may not have
  const config = useReadConfig();
  const layer = config?.mapLayers[0];
  const name = instance.mrName;
  const date = fmt.date(instance.date);
  // undefined until the round's data, the config and the login are known: an empty list drew "⚠" over a ready round
  const lines =
    stored && config && loginKnown
      ? tourReadiness({
          ...stored,
          tiles:
            layer && stored.points.length > 0 ? tileStock(stored.tiles, layerTemplate(layer, appBase())) : undefined,
          login: !authState.enabled ? 'not-needed' : authState.authenticated ? 'valid' : 'missing',
          online,
        })
      : undefined;
  const ready = lines !== undefined && isTourReady(lines);
  return (
    <li className="rounded border border-slate-300 p-2 dark:border-slate-700" data-instance={instance.instanceId}>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          {...instanceRoute(instance)}
          className="inline-flex min-h-11 items-center font-semibold text-sky-800 underline dark:text-sky-300"
        >
          {name} · {date}
        </Link>
        {instance.mrTeam && <span className="text-sm">{instance.mrTeam}</span>}
        <SyncBadge state={instance.syncState} correction={instance.corrects !== undefined} />
        <DeleteInstanceButton instance={instance} name={name} date={date} onClick={onDelete} />
      </div>
      {stored && stored.entryCount === 0 ? (
        <p className="text-sm font-semibold text-red-700 dark:text-red-300">
          <Trans>The stored copy of this round is missing on this device.</Trans>
        </p>
      ) : (
        <p
          className="min-h-5 text-sm"
          data-testid="tour-readiness"
          data-ready={lines ? ready : undefined}
          aria-busy={!lines || undefined}
        >
          {lines && (
            <>
              <span aria-hidden="true">{ready ? '✓ ' : '⚠ '}</span>
              {lines.map((line, i) => (
                <span key={line.item}>
                  {i > 0 && ' · '}
                  <ReadinessText line={line} loginNeeded={authState.enabled} />
                </span>
              ))}
            </>
          )}
        </p>
      )}
      {layer && stored && (
        <PrepareMapTiles
          instanceId={instance.instanceId}
          layer={layer}
          points={stored.points}
          record={stored.tiles}
          label={`${name} · ${date}`}
        />
      )}
    </li>
  );
}

/** Links to the other dates holding stored rounds: choosing one lists them (the chosen date filters the list). */
function OtherDates({ dates }: { dates: { date: string; count: number }[] }) {
  const fmt = useLocaleFormat();
  if (dates.length === 0) return null;
  return (
    <p className="mt-2 text-sm" data-testid="stored-other-dates">
      <Trans>Stored for other dates:</Trans>{' '}
      {dates.map(({ date, count }, i) => {
        const day = fmt.date(date);
        return (
          <span key={date}>
            {i > 0 && ', '}
            <Link
              to="/"
              search={{ date }}
              className="inline-flex min-h-11 items-center text-sky-800 underline dark:text-sky-300"
            >
              <Plural value={count} one={`${day} (# round)`} other={`${day} (# rounds)`} />
            </Link>
          </span>
        );
      })}
    </p>
  );
}

/**
 * §4/§8: the rounds stored offline on this device and in progress, for the chosen date (§2 "filtered, shown
 * once a date is chosen"), the other dates linked; deleting one asks for its name.
 */
export function StoredTours({ emphasize, date }: { emphasize: boolean; date: string }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const [deleting, setDeleting] = useState<OfflineInstanceDoc | null>(null);
  const [deletedName, setDeletedName] = useState<string | null>(null);
  const user = useDataOwner();
  // undefined until read: a first [] said "No rounds are stored offline on this device" above the rounds stored here
  const stored = useObservable<OfflineInstanceDoc[] | undefined>(
    () =>
      db.offlineInstances
        .find({ selector: { mode: 'outdoor', syncState: { $ne: 'sent' } }, sort: [{ updatedAt: 'desc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    undefined,
    [db],
  );
  // another user's stored rounds on a shared device are theirs: not listed (until the user is read, none are known)
  const tours =
    stored === undefined || user === null ? undefined : stored.filter((i) => instanceVisibleTo(ownerOf(i), user));
  if (tours === undefined) {
    if (!emphasize) return null;
    // the frame and its heading at once (no layout shift), no claim about what is stored until it is read
    return (
      <section
        aria-labelledby="stored-tours-heading"
        aria-busy="true"
        data-testid="stored-tours-reading"
        className="rounded border-2 border-sky-700 p-3 dark:border-sky-400"
      >
        <h2 id="stored-tours-heading" className="text-lg font-semibold">
          <Trans>Rounds stored offline on this device</Trans>
        </h2>
        <div className="min-h-5" />
      </section>
    );
  }
  if (tours.length === 0 && !emphasize && !deletedName) return null;
  const { onDate, otherDates } = storedRoundsOn(tours, date);
  const day = fmt.date(date);
  return (
    <section aria-labelledby="stored-tours-heading" className="rounded border-2 border-sky-700 p-3 dark:border-sky-400">
      <h2 id="stored-tours-heading" className="text-lg font-semibold">
        <Trans>Rounds stored offline on this device</Trans>
      </h2>
      {deletedName && (
        <Alert type="success" testId="instance-deleted" onClose={() => setDeletedName(null)} closeLabel={t`Close`}>
          <Trans>The round {deletedName} was deleted from this device.</Trans>
        </Alert>
      )}
      {tours.length === 0 ? (
        <p className="text-sm" data-testid="no-stored-tours">
          <Trans>
            No rounds are stored offline on this device. Choose "Take offline" on a round while you have network.
          </Trans>
        </p>
      ) : onDate.length === 0 ? (
        <p className="text-sm" data-testid="no-stored-tours-on-date">
          <Trans>No round is stored on this device for {day}.</Trans>
        </p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={t`Stored rounds`}>
          {onDate.map((i) => (
            <StoredTour key={i.instanceId} instance={i} onDelete={() => setDeleting(i)} />
          ))}
        </ul>
      )}
      <OtherDates dates={otherDates} />
      {deleting && (
        <DeleteInstanceDialog
          instance={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(n) => {
            setDeleting(null);
            setDeletedName(n);
          }}
        />
      )}
    </section>
  );
}
