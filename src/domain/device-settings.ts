import type { Config } from '../../schemas/api';
import type { LocalConfig } from '../../schemas/forms/local-config';

/**
 * The config as this device uses it: the mode and default time a user set on this device (/config) override
 * the server's, on every screen and in the submission alike.
 */
export function withDeviceSettings(config: Config, local: LocalConfig): Config {
  return {
    ...config,
    ...(local.mode ? { mode: local.mode } : {}),
    ...(local.defaultTime ? { defaultTime: local.defaultTime } : {}),
  };
}
