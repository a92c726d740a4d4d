import { Trans } from '@lingui/react/macro';
import * as v from 'valibot';
import { map } from 'rxjs';
import { MapTrackSchema, type MapTrack } from '../../../schemas/api';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { buildGpx, gpxFileName, locationFromMetadata, trackLines, type GpxStation } from '../../domain';
import type { Tour } from './use-tour';

/** §1 GPX download: the round's stations as waypoints and its stored track, built on the device (works offline). */
export function GpxDownload({ tour }: { tour: Tour }) {
  const db = useDb();
  const mrId = tour.round.mrId;
  const track = useObservable<MapTrack | undefined>(
    () =>
      db.reference.findOne(`mapTrack:${mrId}`).$.pipe(
        map((d) => {
          const parsed = v.safeParse(MapTrackSchema, d?.data);
          return parsed.success ? parsed.output : undefined;
        }),
      ),
    undefined,
    [db, mrId],
  );
  const download = () => {
    const stations: GpxStation[] = tour.stations.flatMap((s) => {
      const first = s.entries[0];
      const location = first?.staLocation ?? locationFromMetadata(first?.staMetadata);
      return location ? [{ staNumber: s.staNumber, name: s.title, location }] : [];
    });
    const gpx = buildGpx({ mrName: tour.round.mrName, stations, track: trackLines(track) }, new Date());
    const url = URL.createObjectURL(new Blob([gpx], { type: 'application/gpx+xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = gpxFileName(tour.round.mrName, tour.instance.date);
    a.click();
    // the click has started the download; the URL is not needed afterwards
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button
      type="button"
      onClick={download}
      className="min-h-12 rounded border-2 border-slate-700 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-300 dark:bg-slate-900 dark:text-slate-100"
    >
      <Trans>Download GPX</Trans>
    </button>
  );
}
