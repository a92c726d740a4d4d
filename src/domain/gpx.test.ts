import { describe, expect, it } from 'vitest';
import { buildGpx, gpxFileName, trackLines } from './gpx';
import { isTourReady, tourReadiness, type TourReadinessInput } from './tour-readiness';

const created = new Date('2026-05-04T06:30:00Z');

describe('buildGpx', () => {
  it('writes stations as waypoints in round order and the track as segments', () => {
    const gpx = buildGpx(
      {
        mrName: 'Kaunertal <Nord> & Süd',
        stations: [
          { staNumber: '1001', name: 'Quelle "A"', location: { latitude: 47.0412, longitude: 10.7433 } },
          { staNumber: '1002', name: 'Quelle B', location: { latitude: 47.05, longitude: 10.7 } },
        ],
        track: [
          [
            [10.7433, 47.0412],
            [10.7, 47.05],
          ],
          [],
        ],
      },
      created,
    );
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx).toContain('<name>Kaunertal &lt;Nord&gt; &amp; Süd</name>');
    expect(gpx).toContain('<wpt lat="47.0412" lon="10.7433"><name>Quelle &quot;A&quot;</name><cmt>1001</cmt></wpt>');
    expect(gpx.indexOf('1001')).toBeLessThan(gpx.indexOf('1002'));
    expect(gpx.match(/<trkseg>/g)).toHaveLength(1);
    expect(gpx).toContain('<trkpt lat="47.05" lon="10.7"/>');
    expect(gpx).toContain('<time>2026-05-04T06:30:00.000Z</time>');
  });

  it.each([
    ['no track', undefined],
    ['an empty track', []],
  ])('leaves the track out with %s', (_name, track) => {
    const gpx = buildGpx({ mrName: 'R', stations: [], track }, created);
    expect(gpx).not.toContain('<trk>');
    expect(gpx).not.toContain('<trk');
  });

  it('writes a coordinate that rounds to zero from below as 0', () => {
    expect(
      buildGpx(
        { mrName: "O'Brien", stations: [{ staNumber: '1', name: 'x', location: { latitude: -1e-9, longitude: 5 } }] },
        created,
      ),
    ).toContain('lat="0" lon="5"');
  });

  it('never writes exponent notation for tiny coordinates', () => {
    expect(
      buildGpx(
        {
          mrName: 'R',
          stations: [{ staNumber: '1', name: 'x', location: { latitude: 1e-9, longitude: -0.00000012 } }],
        },
        created,
      ),
    ).toContain('lat="0" lon="-0.0000001"');
  });
});

describe('trackLines', () => {
  it.each([
    ['no collection', undefined, []],
    [
      'a line string',
      {
        features: [
          {
            geometry: {
              type: 'LineString',
              coordinates: [
                [10, 47],
                [11, 48],
              ],
            },
          },
        ],
      },
      [
        [
          [10, 47],
          [11, 48],
        ],
      ],
    ],
    [
      'a multi line string',
      { features: [{ geometry: { type: 'MultiLineString', coordinates: [[[1, 2]], [[3, 4]]] } }] },
      [[[1, 2]], [[3, 4]]],
    ],
    ['a point (not a line)', { features: [{ geometry: { type: 'Point', coordinates: [1, 2] } }] }, []],
    ['no geometry', { features: [{ properties: {} }] }, []],
    [
      'invalid positions',
      { features: [{ geometry: { type: 'LineString', coordinates: [[1], ['a', 2], [200, 1], [1, 95], [5, 6]] } }] },
      [[[5, 6]]],
    ],
    ['only invalid positions', { features: [{ geometry: { type: 'LineString', coordinates: [[1]] } }] }, []],
    ['a malformed multi line', { features: [{ geometry: { type: 'MultiLineString', coordinates: [7] } }] }, []],
  ])('reads %s', (_name, track, expected) => {
    expect(trackLines(track as { features: Record<string, unknown>[] } | undefined)).toEqual(expected);
  });
});

describe('gpxFileName', () => {
  it.each([
    ['Kaunertal Quellen', '2026-05-04', 'Kaunertal_Quellen_2026-05-04.gpx'],
    ['a/b:c', '2026-05-04', 'a_b_c_2026-05-04.gpx'],
    ['  ', '2026-05-04', 'round_2026-05-04.gpx'],
  ])('names %j', (name, date, expected) => expect(gpxFileName(name, date)).toBe(expected));
});

describe('tourReadiness', () => {
  const base: TourReadinessInput = {
    entryCount: 4,
    entriesWithHistory: 4,
    hasMapData: true,
    stationsWithLocation: 2,
    login: 'valid',
    online: true,
  };
  it.each<[string, Partial<TourReadinessInput>, string[]]>([
    ['everything on the device', {}, ['ok', 'ok', 'ok']],
    ['some entries without history', { entriesWithHistory: 1 }, ['partial', 'ok', 'ok']],
    ['no history at all', { entriesWithHistory: 0 }, ['missing', 'ok', 'ok']],
    ['an empty round', { entryCount: 0, entriesWithHistory: 0 }, ['missing', 'ok', 'ok']],
    ['no map data but station locations', { hasMapData: false }, ['ok', 'ok', 'ok']],
    ['neither map data nor locations', { hasMapData: false, stationsWithLocation: 0 }, ['ok', 'missing', 'ok']],
    ['no login needed', { login: 'not-needed' }, ['ok', 'ok', 'ok']],
    ['login missing while online', { login: 'missing' }, ['ok', 'ok', 'missing']],
    ['login missing while offline', { login: 'missing', online: false }, ['ok', 'ok', 'offline']],
  ])('%s', (_name, patch, states) => {
    const lines = tourReadiness({ ...base, ...patch });
    expect(lines.map((l) => l.item)).toEqual(['history', 'map', 'login']);
    expect(lines.map((l) => l.state)).toEqual(states);
    expect(isTourReady(lines)).toBe(states.every((s) => s === 'ok'));
  });
});
