import { lazy, Suspense, useEffect, useState } from 'react';

const OPEN_EVENT = 'hydrorounds:shortcut-help';

/** Opens the shortcut overlay from anywhere (the `?` key, a button on the table). */
export function openShortcutHelp(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** The overlay's code (texts and tables) is not needed for the first screen: its own chunk. */
const loadDialog = () => import('./ShortcutHelpDialog');
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.ShortcutHelpDialog })));

/** Loads the overlay's code ahead of use (with the pages' code), so `?` also works offline on a first visit. */
export function preloadShortcutHelp(): Promise<unknown> {
  return loadDialog();
}

/**
 * §9 keyboard shortcuts and the table's spreadsheet keys in one overlay, opened with `?`.
 * A native modal dialog: focus moves into it, Escape closes it and focus returns to where it was.
 */
export function ShortcutHelp() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
