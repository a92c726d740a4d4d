import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popup (menu, status panel) where users expect it to close: on Escape, and on a press outside
 * `within`. `onEscape` runs after the close, e.g. to give the focus back to the popup's button.
 */
export function useDismiss(
  open: boolean,
  within: RefObject<Element | null>,
  close: () => void,
  onEscape?: () => void,
): void {
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      onEscape?.();
    };
    const onPointer = (e: PointerEvent) => {
      if (!within.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, within, close, onEscape]);
}
