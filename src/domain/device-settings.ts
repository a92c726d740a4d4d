import * as v from 'valibot';
import { ConfigSchema, type Config } from '../../schemas/api';
import { LocalConfigSchema, type LocalConfig } from '../../schemas/forms/local-config';

/**
 * The config as this device uses it: the mode, default time and "print before saving" a user set on this
 * device (/config) override the server's, on every screen and in the submission alike.
 */
export function withDeviceSettings(config: Config, local: LocalConfig): Config {
  return {
    ...config,
    ...(local.mode ? { mode: local.mode } : {}),
    ...(local.defaultTime ? { defaultTime: local.defaultTime } : {}),
    ...(local.printBeforeSave !== undefined ? { printBeforeSave: local.printBeforeSave } : {}),
  };
}

/** Where a setting's current value comes from: this device's own choice, or the server's config. */
export type SettingSource = 'device' | 'server';

/** The source of a setting `withDeviceSettings` merges: the device's when one is stored, else the server's. */
export function settingSource(local: LocalConfig, key: 'mode' | 'defaultTime' | 'printBeforeSave'): SettingSource {
  return local[key] !== undefined ? 'device' : 'server';
}

/** The stored device settings (the `localConfig` reference document's data); none or an unreadable one: {}. */
export function parseDeviceSettings(data: unknown): LocalConfig {
  const parsed = v.safeParse(LocalConfigSchema, data ?? {});
  return parsed.success ? parsed.output : {};
}

/**
 * The effective config, the one rule every screen and the submission use: the stored server config (the
 * `config` reference document's data; none or unreadable: the defaults of §3/§9) with this device's settings over it.
 */
export function effectiveConfig(serverData: unknown, deviceData: unknown): Config {
  const parsed = v.safeParse(ConfigSchema, serverData ?? {});
  return withDeviceSettings(
    parsed.success ? parsed.output : v.parse(ConfigSchema, {}),
    parseDeviceSettings(deviceData),
  );
}
