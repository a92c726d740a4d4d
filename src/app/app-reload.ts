const KEY = 'hydrorounds-app-reload';

/**
 * A reload the app started (an update taking over) is remembered for the tab's next page, so that page does not put
 * the cursor into a value field: keys the user was still typing would land there and replace a stored value.
 * The page's path is stored with it: the mark belongs to the page the reload landed on, not to whatever table the
 * user opens later in the same page load.
 */
export function reloadForApp(reload: () => void = () => window.location.reload()): void {
  try {
    sessionStorage.setItem(KEY, window.location.pathname);
  } catch {
    // storage refused (private mode): the page then focuses as after any reload
  }
  reload();
}

/**
 * The mark of one page load: `landedOn` is the path an app reload landed on (null: an ordinary load). It holds only
 * while the user stays on that page; the first screen that asks there takes it, and leaving the page drops it.
 */
export function appReloadMark(landedOn: string | null) {
  let path = landedOn;
  return {
    /** Whether a screen mounting at `pathname` is the page the app reload landed on; true at most once. */
    take(pathname: string): boolean {
      const was = path !== null && path === pathname;
      path = null;
      return was;
    },
    /** A navigation resolved at `pathname`: any other page than the landed one ends the mark. */
    navigated(pathname: string): void {
      if (path !== pathname) path = null;
    },
  };
}

/** The stored mark counts only when it names the page that loaded (a reload keeps the URL); read once, then gone. */
function readStoredMark(): string | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return stored !== null && stored === window.location.pathname ? stored : null;
  } catch {
    return null;
  }
}

const mark = appReloadMark(readStoredMark());

/** Whether the table mounting at `pathname` is on the page an app reload landed on (see `appReloadMark`). */
export function takeAppReload(pathname: string): boolean {
  return mark.take(pathname);
}

/** Called for every resolved navigation, so a page opened later in the same page load is not taken for the landed one. */
export function noteNavigation(pathname: string): void {
  mark.navigated(pathname);
}
