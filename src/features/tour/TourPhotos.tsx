import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { RxDocument } from 'rxdb';
import type { PhotoDoc } from '../../../schemas/db/photo-doc';
import { useDb } from '../../db/db-context';
import { useReadConfig } from '../../db/reference-hooks';
import { Alert } from '../../ui/Alert';
import { useObservable } from '../../db/hooks';
import type { StationGroup } from '../round-entry/row-model';
import { PhotoButton } from '../photos/PhotoButton';
import { PhotoList } from '../photos/PhotoList';
import { StationPager } from './StationPager';
import type { Tour } from './use-tour';

/**
 * photo view (§2 mobile child screens): the chosen station's timeseries, each with "add photo" and its photos
 * (delete after a prompt, §8); below, every photo of the round per station, so a photo taken at the wrong
 * station is found and deleted without paging through the round.
 */
export function TourPhotos({
  tour,
  station,
  onStation,
}: {
  tour: Tour;
  station: StationGroup;
  onStation: (staNumber: string) => void;
}) {
  const { t } = useLingui();
  const db = useDb();
  const instanceId = tour.instance.instanceId;
  // undefined until read: a first [] said "No photos taken yet" of a round with photos
  const photos = useObservable<RxDocument<PhotoDoc>[] | undefined>(
    () => db.photos.find({ selector: { instanceId } }).$,
    undefined,
    [db, instanceId],
  );
  // tsIds with photos per station, in the order of the round; undefined while the photos are read
  const withPhotos = useMemo(() => {
    if (photos === undefined) return undefined;
    const tsIds = new Set(photos.map((p) => p.tsId));
    const count = new Map<string, number>();
    for (const p of photos) count.set(p.staNumber, (count.get(p.staNumber) ?? 0) + 1);
    return tour.stations
      .filter((s) => count.has(s.staNumber))
      .map((s) => ({
        station: s,
        count: count.get(s.staNumber) ?? 0,
        entries: s.entries.filter((e) => tsIds.has(e.tsId)),
      }));
  }, [photos, tour.stations]);
  const disabled = tour.locked;
  const photosOffered = useReadConfig()?.postImages;

  return (
    <div className="space-y-4" data-station={station.staNumber}>
      <StationPager stations={tour.stations} station={station} onStation={onStation} />
      <h2 className="text-xl font-bold [overflow-wrap:anywhere]" data-testid="station-title">
        {station.ordinal && <span className="mr-1 tabular-nums">{station.ordinal}</span>}
        {station.title}
      </h2>
      {photosOffered === false && (
        <Alert type="info" testId="photos-off">
          <Trans>The server does not take new photos. Photos already taken are still sent with the round.</Trans>
        </Alert>
      )}
      <ul className="space-y-3" aria-label={t`Photos of ${station.title}`}>
        {station.entries.map((entry) => {
          const label = `${entry.staName} ${entry.staNumber} ${entry.tsParameter}`;
          return (
            <li
              key={entry.tsId}
              data-tsid={entry.tsId}
              className="rounded border-2 border-slate-400 p-2 dark:border-slate-600"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold">
                  {entry.tsParameter}
                  {entry.tsName && <span className="font-normal"> · {entry.tsName}</span>}
                </span>
                <PhotoButton
                  disabled={disabled}
                  target={{
                    instanceId: tour.ensureInstance,
                    mrId: tour.round.mrId,
                    tsId: entry.tsId,
                    staNumber: entry.staNumber,
                    tsParameter: entry.tsParameter,
                    label,
                  }}
                />
              </div>
              <PhotoList instanceId={instanceId} tsId={entry.tsId} disabled={disabled} />
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="round-photos-heading" className="space-y-2">
        <h2 id="round-photos-heading" className="text-lg font-bold">
          <Trans>All photos of the round</Trans>
        </h2>
        {withPhotos === undefined ? (
          // one line, as the sentence below, saying nothing until the photos are read
          <p aria-busy="true" data-testid="photos-reading" className="min-h-6" />
        ) : withPhotos.length === 0 ? (
          <p data-testid="no-photos">
            <Trans>No photos taken yet.</Trans>
          </p>
        ) : (
          <ul className="space-y-2" data-testid="round-photos">
            {withPhotos.map(({ station: s, count, entries }) => (
              <li
                key={s.staNumber}
                data-station={s.staNumber}
                className="border-b border-slate-300 pb-2 dark:border-slate-700"
              >
                <button
                  type="button"
                  onClick={() => onStation(s.staNumber)}
                  className="min-h-11 text-left font-semibold underline [overflow-wrap:anywhere]"
                >
                  {s.title}
                </button>{' '}
                <span className="text-sm">
                  (<Plural value={count} one="# photo" other="# photos" />)
                </span>
                {entries.map((e) => (
                  <div key={e.tsId} className="flex items-start gap-2 text-sm">
                    <span className="mt-5 w-12 shrink-0 leading-[3rem]">{e.tsParameter}</span>
                    <PhotoList instanceId={instanceId} tsId={e.tsId} disabled={disabled} />
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
