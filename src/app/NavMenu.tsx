import { Trans } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';

/**
 * The navbar's links behind one "Menu" button, so a phone's navbar keeps one line. A native disclosure
 * (keyboard and screen readers work as is) that also closes where a menu is expected to: on Escape, on a
 * tap outside, when a link in it is followed and on any route change (a `<details>` stays open by itself).
 */
export function NavMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { href } = useLocation();

  useEffect(() => setOpen(false), [href]);
  const close = useCallback(() => setOpen(false), []);
  // focus was in the menu (or on its button): Escape gives it back to the button, not to the page's start
  const restoreFocus = useCallback(() => {
    if (menu.current?.contains(document.activeElement)) summary.current?.focus();
  }, []);

  useDismiss(open, menu, close, restoreFocus);

  return (
    <details
      ref={menu}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      // a link to the page already shown changes no route: close on the click itself
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) setOpen(false);
      }}
      className="group relative"
      data-testid="nav-menu"
    >
      <summary
        ref={summary}
        className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded border border-white/40 px-2 text-sm font-semibold group-open:bg-white/15 hover:bg-white/10 [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          ☰
        </span>
        <Trans>Menu</Trans>
      </summary>
      {/* scrolls within the screen of a phone held sideways (844×390), where the whole menu is taller */}
      <div className="absolute top-full right-0 z-30 mt-1 flex max-h-[calc(100dvh-4.5rem)] w-64 max-w-[90vw] flex-col items-stretch gap-1 overflow-y-auto rounded border border-white/20 bg-sky-900 p-2 shadow-lg dark:border-slate-600 dark:bg-slate-900">
        {children}
      </div>
    </details>
  );
}
