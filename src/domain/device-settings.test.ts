import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../schemas/api';
import { withDeviceSettings } from './device-settings';

describe('device settings over the config', () => {
  const server = v.parse(ConfigSchema, { defaultTime: '08:00', mode: 1 });
  it.each([
    ['nothing set on the device keeps the server config', {}, '08:00', 1],
    ['the device default time wins', { defaultTime: '07:45' }, '07:45', 1],
    ['the device mode wins', { mode: 2 as const }, '08:00', 2],
    ['both', { mode: 2 as const, defaultTime: '06:30' }, '06:30', 2],
  ])('%s', (_name, local, time, mode) => {
    const merged = withDeviceSettings(server, local);
    expect(merged.defaultTime).toBe(time);
    expect(merged.mode).toBe(mode);
  });
});
