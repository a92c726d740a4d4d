import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../schemas/api';
import type { LocalConfig } from '../../schemas/forms/local-config';
import { settingSource, withDeviceSettings } from './device-settings';

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

describe('print before saving: the server default, unless the device chose', () => {
  it.each<[string, boolean | undefined, LocalConfig, boolean, 'device' | 'server']>([
    ['a config without the flag prints nothing (as before the flag)', undefined, {}, false, 'server'],
    ['the server switches it on', true, {}, true, 'server'],
    ['the device switches it on against the server', false, { printBeforeSave: true }, true, 'device'],
    ['the device switches it off against the server', true, { printBeforeSave: false }, false, 'device'],
    ['a device choice equal to the server is still the device’s', true, { printBeforeSave: true }, true, 'device'],
  ])('%s', (_name, serverValue, local, printed, source) => {
    const config = v.parse(ConfigSchema, serverValue === undefined ? {} : { printBeforeSave: serverValue });
    expect(withDeviceSettings(config, local).printBeforeSave).toBe(printed);
    expect(settingSource(local, 'printBeforeSave')).toBe(source);
  });
});

describe('the print and post flags of the config', () => {
  it('default to the behaviour without them, so a vendor config that lacks them changes nothing', () => {
    expect(v.parse(ConfigSchema, {})).toMatchObject({
      printBeforeSave: false,
      printAfterSave: false,
      printArchivePdf: true,
      printMeteoMonth: true,
      postImages: true,
      postStationTasks: true,
      postStationFacilities: true,
    });
  });
});
