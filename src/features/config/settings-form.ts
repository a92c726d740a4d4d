import type { LocalConfig } from '../../db/reference-hooks';

export type Mode = 1 | 2;

/** The settings /config offers. */
export interface SettingsForm {
  /** §3 mode: 1 indoor (table), 2 outdoor (tour on a round stored offline) */
  mode: Mode;
  /** HH:mm as shown in the time input; '' while the user clears it (then the server's default applies) */
  defaultTime: string;
  virtualKeyboard: boolean;
  printBeforeSave: boolean;
}

/** What the server's config says for the settings a device may override (without this device's overrides). */
export interface ServerDefaults {
  time: string;
  mode?: Mode;
  printBeforeSave?: boolean;
}

/** The stored settings as the form shows them: without an override, the server's default. */
export function toForm(stored: LocalConfig, server: ServerDefaults): SettingsForm {
  return {
    mode: stored.mode ?? server.mode ?? 1,
    defaultTime: stored.defaultTime ?? server.time,
    virtualKeyboard: stored.virtualKeyboard === true,
    printBeforeSave: stored.printBeforeSave ?? server.printBeforeSave ?? false,
  };
}

/**
 * What is stored on save: only what differs from the defaults. A time, mode or print choice equal to the
 * server's is no override, so the device follows the server when its default changes later.
 */
export function toStored(form: SettingsForm, server: ServerDefaults): LocalConfig {
  return {
    ...(form.mode !== (server.mode ?? 1) ? { mode: form.mode } : {}),
    ...(form.defaultTime && form.defaultTime !== server.time ? { defaultTime: form.defaultTime } : {}),
    ...(form.virtualKeyboard ? { virtualKeyboard: true } : {}),
    ...(form.printBeforeSave !== (server.printBeforeSave ?? false) ? { printBeforeSave: form.printBeforeSave } : {}),
  };
}

/** Whether the form holds changes that leaving the page would lose. */
export function hasUnsavedChanges(form: SettingsForm, stored: LocalConfig, server: ServerDefaults): boolean {
  const a = toStored(form, server);
  const b = toStored(toForm(stored, server), server);
  return (
    a.mode !== b.mode ||
    a.defaultTime !== b.defaultTime ||
    a.virtualKeyboard !== b.virtualKeyboard ||
    a.printBeforeSave !== b.printBeforeSave
  );
}
