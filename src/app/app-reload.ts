const KEY = 'hydrorounds-app-reload';

/**
 * A reload the app started (an update taking over) is remembered for the tab's next page, so that page does not put
 * the cursor into a value field: keys the user was still typing would land there and replace a stored value.
 */
export function reloadForApp(reload: () => void = () => window.location.reload()): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // storage refused (private mode): the page then focuses as after any reload
  }
  reload();
}

/** Read once when the app starts, so a reload of any page counts for that page load only. */
let loadedByAppReload = ((): boolean => {
  try {
    const was = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return was;
  } catch {
    return false;
  }
})();

/** Whether this page load came from a reload the app started; the first caller gets the answer, later ones false. */
export function takeAppReload(): boolean {
  const was = loadedByAppReload;
  loadedByAppReload = false;
  return was;
}
