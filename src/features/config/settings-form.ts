import type { LocalConfig } from '../../db/reference-hooks';

/** The settings /config offers; mode is not among them while the outdoor tour (mode 2) does not exist. */
export interface SettingsForm {
  /** HH:mm; undefined: the server's default time */
  defaultTime?: string;
  virtualKeyboard: boolean;
  printBeforeSave: boolean;
}

/** The stored settings as the form shows them: absent switches are off, an empty time is no override. */
export function toForm(stored: LocalConfig): SettingsForm {
  return {
    ...(stored.defaultTime ? { defaultTime: stored.defaultTime } : {}),
    virtualKeyboard: stored.virtualKeyboard === true,
    printBeforeSave: stored.printBeforeSave === true,
  };
}

/** What is stored on save: only what differs from the defaults, so a later server default still applies. */
export function toStored(form: SettingsForm): LocalConfig {
  return {
    ...(form.defaultTime ? { defaultTime: form.defaultTime } : {}),
    ...(form.virtualKeyboard ? { virtualKeyboard: true } : {}),
    ...(form.printBeforeSave ? { printBeforeSave: true } : {}),
  };
}

/** Whether the form holds changes that leaving the page would lose. */
export function hasUnsavedChanges(form: SettingsForm, stored: LocalConfig): boolean {
  const saved = toForm(stored);
  return (form.defaultTime || undefined) !== saved.defaultTime || form.virtualKeyboard !== saved.virtualKeyboard || form.printBeforeSave !== saved.printBeforeSave;
}
