import type { LocalConfig } from '../../db/reference-hooks';

/** The settings /config offers; mode is not among them while the outdoor tour (mode 2) does not exist. */
export interface SettingsForm {
  /** HH:mm as shown in the time input; '' while the user clears it (then the server's default applies) */
  defaultTime: string;
  virtualKeyboard: boolean;
  printBeforeSave: boolean;
}

/** The stored settings as the form shows them: without an override, the server's default time. */
export function toForm(stored: LocalConfig, serverTime: string): SettingsForm {
  return {
    defaultTime: stored.defaultTime ?? serverTime,
    virtualKeyboard: stored.virtualKeyboard === true,
    printBeforeSave: stored.printBeforeSave === true,
  };
}

/**
 * What is stored on save: only what differs from the defaults. A time equal to the server's default is
 * no override, so the device follows the server when its default changes later.
 */
export function toStored(form: SettingsForm, serverTime: string): LocalConfig {
  return {
    ...(form.defaultTime && form.defaultTime !== serverTime ? { defaultTime: form.defaultTime } : {}),
    ...(form.virtualKeyboard ? { virtualKeyboard: true } : {}),
    ...(form.printBeforeSave ? { printBeforeSave: true } : {}),
  };
}

/** Whether the form holds changes that leaving the page would lose. */
export function hasUnsavedChanges(form: SettingsForm, stored: LocalConfig, serverTime: string): boolean {
  const a = toStored(form, serverTime);
  const b = toStored(toForm(stored, serverTime), serverTime);
  return a.defaultTime !== b.defaultTime || a.virtualKeyboard !== b.virtualKeyboard || a.printBeforeSave !== b.printBeforeSave;
}
