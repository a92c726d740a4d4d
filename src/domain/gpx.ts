import type { Location } from '../../schemas/api';

/** A waypoint of a round's GPX: one station with its location. */
export interface GpxStation {
  staNumber: string;
  name: string;
  location: Location;
}

/** The line strings of a round's GeoJSON track (§3 map data), as [lon, lat] pairs. */
export type TrackLines = readonly (readonly (readonly number[])[])[];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** GPX 1.1 latitudes/longitudes are xsd:decimal: never exponent notation, 7 decimals (~1 cm) suffice. */
const decimal = (n: number) => {
  const fixed = n.toFixed(7).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
};

const isPosition = (p: unknown): p is number[] =>
  Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n));
const inRange = (p: readonly number[]) => Math.abs(Number(p[1])) <= 90 && Math.abs(Number(p[0])) <= 180;

/**
 * The line strings of a GeoJSON feature collection (LineString and MultiLineString features); other
 * geometries and invalid positions are left out, since a GPX track holds only lines of points.
 */
export function trackLines(track: { features: readonly Record<string, unknown>[] } | undefined): number[][][] {
  const lines: number[][][] = [];
  for (const feature of track?.features ?? []) {
    const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | undefined;
    const coords = geometry?.coordinates;
    if (!Array.isArray(coords)) continue;
    const candidates: unknown[] =
      geometry?.type === 'LineString' ? [coords] : geometry?.type === 'MultiLineString' ? coords : [];
    for (const c of candidates) {
      if (!Array.isArray(c)) continue;
      const points = c.filter(isPosition).filter(inRange);
      if (points.length > 0) lines.push(points);
    }
  }
  return lines;
}

/**
 * GPX 1.1 of a round (§1 GPX download): the stations as waypoints in round order and the track as one
 * track with a segment per line. `created` is passed in (no clock in the domain).
 */
export function buildGpx(
  round: { mrName: string; stations: readonly GpxStation[]; track?: TrackLines },
  created: Date,
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="hydrorounds" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    `  <metadata><name>${escapeXml(round.mrName)}</name><time>${created.toISOString()}</time></metadata>`,
  ];
  for (const s of round.stations) {
    lines.push(
      `  <wpt lat="${decimal(s.location.latitude)}" lon="${decimal(s.location.longitude)}"><name>${escapeXml(s.name)}</name><cmt>${escapeXml(s.staNumber)}</cmt></wpt>`,
    );
  }
  const segments = (round.track ?? []).filter((l) => l.length > 0);
  if (segments.length > 0) {
    lines.push(`  <trk><name>${escapeXml(round.mrName)}</name>`);
    for (const segment of segments) {
      lines.push('    <trkseg>');
      for (const [lon = 0, lat = 0] of segment)
        lines.push(`      <trkpt lat="${decimal(lat)}" lon="${decimal(lon)}"/>`);
      lines.push('    </trkseg>');
    }
    lines.push('  </trk>');
  }
  lines.push('</gpx>', '');
  return lines.join('\n');
}

/** A file name for the download: the round's name without characters file systems refuse. */
export function gpxFileName(mrName: string, date: string): string {
  const safe = mrName.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || 'round';
  return `${safe}_${date}.gpx`;
}
