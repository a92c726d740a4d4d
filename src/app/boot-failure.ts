/**
 * What a start that failed says. Shown before translations can matter: the three languages side by side. Shared by
 * the app's own failure screen (App.tsx) and the one drawn without React when React's renderer itself did not load.
 */
export const BOOT_FAILURE_TEXT = {
  database:
    'Die lokale Datenbank konnte nicht geöffnet werden. / The local database could not be opened. / Impossibile aprire il database locale.',
  code: "Die App konnte nicht vollständig geladen werden; Ihre Eingaben sind auf diesem Gerät gespeichert. / The app could not be loaded completely; your entries are saved on this device. / Impossibile caricare completamente l'app; i dati inseriti sono salvati su questo dispositivo.",
  reload: 'Neu laden / Reload / Ricarica',
} as const;

export const BOOT_FAILURE_CLASS = {
  box: 'm-4 rounded border border-red-400 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-50',
  reload: 'mt-2 min-h-11 rounded bg-sky-700 px-3 py-2 font-semibold text-white',
  error: 'mt-2 whitespace-pre-wrap text-sm',
} as const;

/**
 * The "not loaded completely" screen in plain DOM, for when React's renderer is the code that failed to load (online,
 * after a deploy replaced it before the service worker had it). The data is in the database; a reload fetches the
 * current code.
 */
export function showCodeFailureWithoutReact(root: HTMLElement, error: string): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = BOOT_FAILURE_CLASS.box;
  const text = document.createElement('p');
  text.textContent = BOOT_FAILURE_TEXT.code;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = BOOT_FAILURE_CLASS.reload;
  reload.textContent = BOOT_FAILURE_TEXT.reload;
  reload.addEventListener('click', () => window.location.reload());
  const detail = document.createElement('pre');
  detail.className = BOOT_FAILURE_CLASS.error;
  detail.textContent = error;
  box.append(text, reload, detail);
  root.replaceChildren(box);
}
