import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';
import { auth } from './auth';
import { useConfig, useServerInfo } from '../db/reference-hooks';
import { openShortcutHelp } from './ShortcutHelp';
import { useCurrentDate } from './use-current-date';

/**
 * §9 keyboard shortcuts: g h home, g a archive, g l login/logout, g c config, g p permissions; `?` the about/help
 * page (§2 navbar: "about/help link (?)"), k the overlay listing every shortcut (the about page and the table
 * name it). Ignored while typing in a field.
 */
export function useShortcuts(): void {
  const navigate = useNavigate();
  const isAdmin = useServerInfo()?.isAdmin === true;
  const { showArchive, showAbout } = useConfig();
  // §2: home keeps the date, as the navbar's home link does
  const date = useCurrentDate();
  useEffect(() => {
    const unlessTyping = (fn: () => void) => (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      e.preventDefault();
      fn();
    };
    return tinykeys(window, {
      'g h': unlessTyping(() => void navigate({ to: '/', search: date ? { date } : {} })),
      'g c': unlessTyping(() => void navigate({ to: '/config' })),
      // the archive only where the navbar offers it: switched on, and logged in when there is a login
      'g a': unlessTyping(() => {
        const { enabled, authenticated } = auth.state$.value;
        if (showArchive && (!enabled || authenticated)) void navigate({ to: '/archive' });
      }),
      'g l': unlessTyping(() => {
        const { enabled, authenticated } = auth.state$.value;
        if (enabled && authenticated) void auth.logout();
        else if (enabled) auth.login();
      }),
      // §2: the permissions screen is for admins only
      'g p': unlessTyping(() => {
        if (isAdmin) void navigate({ to: '/permissions' });
      }),
      // '?' is Shift+/ (or Shift+ß …) on the keyboards in use; tinykeys matches the character with its Shift
      'Shift+?': unlessTyping(() => (showAbout ? void navigate({ to: '/about' }) : openShortcutHelp())),
      k: unlessTyping(openShortcutHelp),
    });
  }, [navigate, isAdmin, showArchive, showAbout, date]);
}
