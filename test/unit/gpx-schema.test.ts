import { describe, expect, it } from 'vitest';
import { buildGpx } from '../../src/domain/gpx';
import { gpxSchemaErrors } from '../support/validate-gpx';

const created = new Date('2026-05-04T06:30:00Z');

describe('exported GPX against the GPX 1.1 schema (xmllint)', () => {
  it.each([
    [
      'stations and a track with characters that need escaping',
      {
        mrName: 'Kaunertal <Nord> & Süd',
        stations: [
          { staNumber: '1001', name: 'Quelle "A"', location: { latitude: 47.0412, longitude: 10.7433 } },
          { staNumber: '1002', name: 'B', location: { latitude: -1e-9, longitude: 1e-9 } },
        ],
        track: [
          [
            [10.7433, 47.0412],
            [10.7, 47.05],
          ],
          [[10.8, 47.1]],
        ],
      },
    ],
    ['no stations and no track', { mrName: 'leer', stations: [] }],
    [
      'extreme coordinates',
      { mrName: 'R', stations: [{ staNumber: '1', name: 'Pol', location: { latitude: 90, longitude: -180 } }] },
    ],
  ])('is valid with %s', (_name, input) => {
    expect(gpxSchemaErrors(buildGpx(input, created))).toBe('');
  });

  it('the check itself fails on a document that breaks the schema (waypoint after the track)', () => {
    const broken = buildGpx(
      {
        mrName: 'R',
        stations: [],
        track: [
          [
            [10, 47],
            [11, 48],
          ],
        ],
      },
      created,
    ).replace('</gpx>', '<wpt lat="47" lon="10"/></gpx>');
    expect(gpxSchemaErrors(broken)).toMatch(/wpt/);
  });
});
