import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorReportingConsent } from '../app/ErrorReportingConsent';
import { Navbar } from '../app/Navbar';
import { SkipLink } from '../app/SkipLink';
import { UpdatePrompt } from '../app/UpdatePrompt';
import { useShortcuts } from '../app/use-shortcuts';
import { NotFound } from '../app/NotFound';
import { useDocumentTitle } from '../app/route-meta';
import { GlobalAlert } from '../app/GlobalAlert';
import { LoginNeeded } from '../app/LoginNeeded';
import { DurabilityGuard } from '../app/DurabilityGuard';
import { AppFooter } from '../app/AppFooter';
import { useConfigLocale } from '../app/use-config-locale';
import { ShortcutHelp } from '../app/ShortcutHelp';

function RootLayout() {
  useShortcuts();
  useDocumentTitle();
  useConfigLocale();
  return (
    <div className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <Navbar />
      <UpdatePrompt />
      <ShortcutHelp />
      {/* at least a screen high: the footer starts below the first screen, so the content that arrives after the
          first paint (rounds from the first pull, a table's stations) never pushes it down in view (layout shift) */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh max-w-7xl px-2 py-3 print:min-h-0 sm:px-4">
        <GlobalAlert />
        <LoginNeeded />
        <DurabilityGuard />
        <Outlet />
      </main>
      <AppFooter />
      <ErrorReportingConsent />
    </div>
  );
}

export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });
