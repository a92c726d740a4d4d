import type { Location } from '../../schemas/api';

const num = (s: unknown) =>
  typeof s === 'number' ? s : typeof s === 'string' ? Number(s.trim().replace(',', '.')) : Number.NaN;

function valid(latitude: number, longitude: number): Location | undefined {
  return Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
    ? { latitude, longitude }
    : undefined;
}

/** §3: a station location from metadata: latlng as an array or "[lat, lon]" string, or latitude/longitude strings with decimal commas. */
export function locationFromMetadata(meta: Record<string, unknown> | undefined): Location | undefined {
  if (!meta) return undefined;
  const latlng = meta.latlng;
  if (Array.isArray(latlng) && latlng.length === 2) return valid(num(latlng[0]), num(latlng[1]));
  if (typeof latlng === 'string') {
    const m = /^\s*\[\s*([-\d.]+)\s*,\s*([-\d.]+)\s*\]\s*$/.exec(latlng);
    if (m) return valid(Number(m[1]), Number(m[2]));
  }
  if (meta.latitude !== undefined && meta.longitude !== undefined)
    return valid(num(meta.latitude), num(meta.longitude));
  return undefined;
}

/** §3 Remark: a pattern geo:lat,lon in the text yields a location. */
export function locationFromRemark(text: string | undefined): Location | undefined {
  const m = /geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(text ?? '');
  return m ? valid(Number(m[1]), Number(m[2])) : undefined;
}

/**
 * §3 Remark: the remark text with `geo:lat,lon` (6 decimals, ~0.1 m) for a photo's position. A location
 * already in the text is replaced, so taking a second photo moves it instead of adding another.
 */
export function remarkWithLocation(text: string | undefined, location: Location): string {
  const geo = `geo:${location.latitude.toFixed(6)},${location.longitude.toFixed(6)}`;
  const current = (text ?? '').trim();
  if (locationFromRemark(current)) return current.replace(/geo:-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?/, geo);
  return current ? `${current} ${geo}` : geo;
}

const GEO_PATTERN = /\s*geo:-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?/;

/**
 * §3 Remark as posted: the text as typed (nothing the user wrote is dropped), the `location` its `geo:lat,lon`
 * yields, and the image ids; undefined when there is neither text nor an image.
 */
export function remarkToPost(
  text: string | undefined,
  images?: readonly string[],
): { text?: string; location?: Location; images?: string[] } | undefined {
  const trimmed = text?.trim() ?? '';
  const location = locationFromRemark(trimmed);
  if (!trimmed && !images?.length) return undefined;
  return {
    ...(trimmed ? { text: trimmed } : {}),
    ...(location ? { location } : {}),
    ...(images?.length ? { images: [...images] } : {}),
  };
}

/**
 * A stored remark for reading: the text without its `geo:` pattern and the location, from the remark's own
 * `location` (what a server sends) or else from the text; the screen shows the location as a map link.
 */
export function remarkForDisplay(remark: { text?: string | null; location?: Location | null } | null | undefined): {
  text: string;
  location?: Location;
} {
  const raw = remark?.text ?? '';
  const location = remark?.location ?? locationFromRemark(raw);
  return { text: raw.replace(GEO_PATTERN, '').trim(), ...(location ? { location } : {}) };
}
