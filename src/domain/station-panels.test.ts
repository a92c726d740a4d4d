import { describe, expect, it } from 'vitest';
import { BEFORE_CONFIG_READ, offeredStationPanels } from './station-panels';

describe('station panels offered by the config’s post* flags', () => {
  it.each([
    [true, true, ['tasks', 'facilities', 'copy']],
    [false, true, ['facilities', 'copy']],
    [true, false, ['tasks', 'copy']],
    [false, false, ['copy']],
  ])('postStationTasks %s, postStationFacilities %s: %j', (postStationTasks, postStationFacilities, expected) => {
    expect(offeredStationPanels({ postStationTasks, postStationFacilities })).toEqual(expected);
  });

  it('before the config is read: only duplicating, which no flag takes away', () => {
    expect(offeredStationPanels(BEFORE_CONFIG_READ)).toEqual(['copy']);
  });
});
