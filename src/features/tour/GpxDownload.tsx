import { Trans } from '@lingui/react/macro';
import * as v from 'valibot';
import { useMemo } from 'react';
import { MapTrackSchema } from '../../../schemas/api';
import { useReferenceSnapshot } from '../../db/reference-hooks';
import { buildGpx, gpxFileName, locationFromMetadata, trackLines, type GpxStation } from '../../domain';
import type { Tour } from './use-tour';

/**
 * §1 GPX download: the round's stations as waypoints and its stored track, built on the device (works offline).
 * Offered once the track is read: tapped before, the file came without the track the device holds.
 */
export function GpxDownload({ tour }: { tour: Pick<Tour, 'round' | 'instance' | 'stations'> }) {
  const { value, read } = useReferenceSnapshot(`mapTrack:${tour.round.mrId}`);
  const track = useMemo(() => {
    const parsed = v.safeParse(MapTrackSchema, value);
    return parsed.success ? parsed.output : undefined;
  }, [value]);
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
      disabled={!read}
      aria-busy={!read || undefined}
      className="min-h-12 rounded border-2 border-slate-700 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-300 dark:bg-slate-900 dark:text-slate-100"
    >
      <Trans>Download GPX</Trans>
    </button>
  );
}
