// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineInstanceDoc, roundDoc } from '../../../test/unit/fixtures';
import { InApp } from '../../../test/unit/in-app';
import { actUntil, answerLater, reactRootWithDatabase } from '../../../test/unit/react-root';
import { GpxDownload } from './GpxDownload';

// round 1's track on the device: a path of two points, read 100 ms after the screen is drawn
const track = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [11.3, 46.5],
          [11.31, 46.51],
        ],
      },
    },
  ],
};
const tour = {
  round: roundDoc({ entries: [] }),
  instance: offlineInstanceDoc({ instanceId: 'tour-1', syncState: 'draft', mode: 'outdoor' }),
  stations: [],
};

describe('the GPX download of a stored round', () => {
  const env = reactRootWithDatabase();

  // the files the app hands to the browser (jsdom has neither object URLs nor downloads)
  const files: Blob[] = [];
  beforeEach(() => {
    files.length = 0;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        files.push(blob);
        return 'blob:gpx';
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('never hands out a file without the stored track, also when tapped before the track is read', async () => {
    await env.db.reference.insert({ key: 'mapTrack:1', data: track, fetchedAt: 1 });
    answerLater(env.db, 'mapTrack:1');
    act(() =>
      env.root.render(
        <InApp db={env.db}>
          <GpxDownload tour={tour} />
        </InApp>,
      ),
    );
    const button = () => env.host.querySelector('button');
    // the user taps at once, then again once it can be tapped
    act(() => button()?.click());
    await actUntil(() => button()?.disabled === false);
    act(() => button()?.click());
    const gpx = await Promise.all(files.map((f) => f.text()));
    expect(gpx.length).toBeGreaterThan(0);
    expect(gpx.filter((text) => !text.includes('<trkpt lat="46.5" lon="11.3"/>'))).toEqual([]);
  });
});
