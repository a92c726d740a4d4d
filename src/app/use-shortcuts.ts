import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';
import { auth } from './auth';
import { useServerInfo } from '../db/reference-hooks';
import { openShortcutHelp } from './ShortcutHelp';

/** §9 keyboard shortcuts: g h home, g a archive, g l login/logout, g c config, g p permissions, ? the list of shortcuts. Ignored while typing in a field. */
export function useShortcuts(): void {
  const navigate = useNavigate();
  const isAdmin = useServerInfo()?.isAdmin === true;
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
      'g a': unlessTyping(() => void navigate({ to: '/archive' })),
      'g l': unlessTyping(() => {
        const { enabled, authenticated } = auth.state$.value;
        if (enabled && authenticated) void auth.logout();
        else if (enabled) auth.login();
      }),
      // §2: the permissions screen is for admins only
      'g p': unlessTyping(() => {
        if (isAdmin) void navigate({ to: '/permissions' });
      }),
      'Shift+?': unlessTyping(openShortcutHelp),
    });
  }, [navigate, isAdmin]);
}
