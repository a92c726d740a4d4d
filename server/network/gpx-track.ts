/**
 * A GPX file's tracks and routes as a GeoJSON FeatureCollection (one LineString per segment or route), the
 * form the round's map track is stored and served in (§3 Map data). Regular expressions suffice: GPX points
 * are flat elements with lat/lon attributes; undefined when the file holds no line.
 */
export function parseGpxTrack(gpx: string): object | undefined {
  const point =
    /<(?:trkpt|rtept)\b[^>]*?\blat="([-\d.]+)"[^>]*?\blon="([-\d.]+)"|<(?:trkpt|rtept)\b[^>]*?\blon="([-\d.]+)"[^>]*?\blat="([-\d.]+)"/g;
  const segments = [...gpx.matchAll(/<(trkseg|rte)\b[\s\S]*?<\/\1>/g)].map((m) =>
    [...m[0].matchAll(point)].map((p) =>
      p[1] !== undefined ? [Number(p[2]), Number(p[1])] : [Number(p[3]), Number(p[4])],
    ),
  );
  const lines = segments.filter((s) => s.length > 1 && s.flat().every(Number.isFinite));
  if (lines.length === 0) return undefined;
  return {
    type: 'FeatureCollection',
    features: lines.map((coordinates) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates },
    })),
  };
}
