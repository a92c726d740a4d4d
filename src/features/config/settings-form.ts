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

/** The stored settings as the form shows them: without an override, the server's default time and mode. */
export function toForm(stored: LocalConfig, serverTime: string, serverMode: Mode = 1): SettingsForm {
  return {
    mode: stored.mode ?? serverMode,
    defaultTime: stored.defaultTime ?? serverTime,
    virtualKeyboard: stored.virtualKeyboard === true,
    printBeforeSave: stored.printBeforeSave === true,
  };
}

/**
 * What is stored on save: only what differs from the defaults. A time or mode equal to the server's is
 * no override, so the device follows the server when its default changes later.
 */
export function toStored(form: SettingsForm, serverTime: string, serverMode: Mode = 1): LocalConfig {
  return {
    ...(form.mode !== serverMode ? { mode: form.mode } : {}),
    ...(form.defaultTime && form.defaultTime !== serverTime ? { defaultTime: form.defaultTime } : {}),
    ...(form.virtualKeyboard ? { virtualKeyboard: true } : {}),
    ...(form.printBeforeSave ? { printBeforeSave: true } : {}),
  };
}

/** Whether the form holds changes that leaving the page would lose. */
export function hasUnsavedChanges(
  form: SettingsForm,
  stored: LocalConfig,
  serverTime: string,
  serverMode: Mode = 1,
): boolean {
  const a = toStored(form, serverTime, serverMode);
  const b = toStored(toForm(stored, serverTime, serverMode), serverTime, serverMode);
  return (
    a.mode !== b.mode ||
    a.defaultTime !== b.defaultTime ||
    a.virtualKeyboard !== b.virtualKeyboard ||
    a.printBeforeSave !== b.printBeforeSave
  );
}
