import type { LocalConfig } from '../../schemas/forms/local-config';
import type { AppDatabase } from './database';

/** Key of this device's own settings in the reference collection (read by effectiveConfig's callers). */
export const DEVICE_SETTINGS_KEY = 'localConfig';

/** Stores this device's settings (/config), already checked against LocalConfigSchema by the form. */
export async function saveDeviceSettings(db: AppDatabase, settings: LocalConfig, now = Date.now()): Promise<void> {
  await db.reference.upsert({ key: DEVICE_SETTINGS_KEY, data: settings, fetchedAt: now });
}

/** Forgets this device's settings: the server's config applies again. */
export async function resetDeviceSettings(db: AppDatabase): Promise<void> {
  await (await db.reference.findOne(DEVICE_SETTINGS_KEY).exec())?.remove();
}
