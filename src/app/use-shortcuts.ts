import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';

/** §9 keyboard shortcuts: g h home, g c config, ? help. Ignored while typing in a field. */
export function useShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const unlessTyping = (fn: () => void) => (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      e.preventDefault();
      fn();
    };
    return tinykeys(window, {
      'g h': unlessTyping(() => void navigate({ to: '/' })),
      'g c': unlessTyping(() => void navigate({ to: '/config' })),
      'Shift+?': unlessTyping(() => void navigate({ to: '/about' })),
    });
  }, [navigate]);
}
