import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useConfig, useServerInfo } from '../db/reference-hooks';
import { activateLocale, isLocale, LOCALES } from './i18n';
import { applyTheme, currentTheme, type Theme } from './theme';
import { useOnline } from './use-online';
import { useLocaleFormat } from './use-locale-format';
import { Icon } from '../ui/Icon';
import { auth } from './auth';
import { useAuthState } from './use-auth';
import { useRouteMeta } from './route-meta';
import { useBrand } from './use-brand';
import { SyncStatusButton } from './SyncStatusButton';
import { useMeasureDocuments } from '../db/use-measure-documents';

/** The office links of the navbar behind one "Menu" button on the field screens (a native disclosure: keyboard and screen readers work as is). */
function FieldMenu({ children }: { children: ReactNode }) {
  return (
    <details className="group relative" data-testid="field-menu">
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded border border-white/40 px-2 text-sm font-semibold hover:bg-white/10 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-lg leading-none">
          ☰
        </span>
        <Trans>Menu</Trans>
      </summary>
      <div className="absolute top-full right-0 z-30 mt-1 flex w-64 max-w-[90vw] flex-col items-stretch gap-1 rounded border border-white/20 bg-sky-900 p-2 shadow-lg dark:bg-slate-900">
        {children}
      </div>
    </details>
  );
}

const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = { de: 'Deutsch', en: 'English', it: 'Italiano' };

/** §2 Navbar: home (g h), title and date, user, offline indicator, language, about (?), config (g c). */
export function Navbar() {
  const { t, i18n } = useLingui();
  const config = useConfig();
  const brand = useBrand();
  const info = useServerInfo();
  const online = useOnline();
  const fmt = useLocaleFormat();
  const params = useParams({ strict: false });
  const search = useSearch({ strict: false });
  const location = useLocation();
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const authState = useAuthState();
  const meta = useRouteMeta();
  const date = params.date ?? (typeof search.date === 'string' ? search.date : undefined);
  const group = params.group;
  const username = info?.username ?? undefined;
  const documentCount = useMeasureDocuments()?.length ?? 0;
  const navLink = 'flex min-h-11 items-center rounded px-2 text-sm hover:bg-white/10';

  // §2 /mobile: a field worker needs the sync state and the way back to the station list; the office's
  // links go into one menu, so the navbar keeps one line and the first value stays on the first screen
  const fieldTour = location.pathname.startsWith('/mobile/') && typeof params.instanceId === 'string';

  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  };

  const rest = (
    <>
      {fieldTour && (
        <Link to="/" search={date ? { date } : {}} className={navLink}>
          <Trans>Home: choose a group</Trans>
        </Link>
      )}
      {config.showLoginLogout && authState.enabled && online && (
        <button
          type="button"
          onClick={() => (authState.authenticated ? void auth.logout() : auth.login())}
          className="flex min-h-11 items-center rounded border border-white/40 px-2 text-sm hover:bg-white/10"
        >
          {authState.authenticated ? <Trans>Log out</Trans> : <Trans>Log in</Trans>}
        </button>
      )}
      {meta.showGenericButtons && (
        <>
          <label className="sr-only" htmlFor="locale-select">
            <Trans>Language</Trans>
          </label>
          <select
            id="locale-select"
            value={i18n.locale}
            onChange={(e) => isLocale(e.target.value) && void activateLocale(e.target.value)}
            className="min-h-11 rounded border border-white/40 bg-sky-800 px-1 text-sm dark:bg-slate-800"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={toggleTheme}
            className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded px-2 text-sm hover:bg-white/10"
          >
            <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
            <span className={fieldTour ? undefined : 'max-md:sr-only'}>
              {theme === 'dark' ? <Trans>Light mode</Trans> : <Trans>Dark mode</Trans>}
            </span>
          </button>
        </>
      )}
      {config.showArchive && username && (
        <Link to="/archive" className="flex min-h-11 items-center rounded px-2 text-sm hover:bg-white/10">
          <Trans>Archive</Trans>
        </Link>
      )}
      {config.showMeasureDocuments && documentCount > 0 && (
        <Link to="/documents" className={navLink}>
          <Trans>Documents</Trans>
        </Link>
      )}
      {info?.isAdmin && (
        <Link to="/permissions" className={navLink} aria-keyshortcuts="g p">
          <Trans>Permissions</Trans>
        </Link>
      )}
      {config.showAbout && (
        <Link
          to="/about"
          className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded px-2 text-sm hover:bg-white/10"
          aria-current={location.pathname === '/about' ? 'page' : undefined}
        >
          <Icon name="help" />
          <span className={fieldTour ? undefined : 'max-md:sr-only'}>
            <Trans>Help</Trans>
          </span>
        </Link>
      )}
      {config.showConfig && (
        <Link
          to="/config"
          className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded px-2 text-sm hover:bg-white/10"
        >
          <Icon name="settings" />
          <span className={fieldTour ? undefined : 'max-md:sr-only'}>
            <Trans>Settings</Trans>
          </span>
        </Link>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-sky-900 text-white dark:border-slate-800 dark:bg-slate-900">
      <nav
        aria-label={t`Main navigation`}
        // the field navbar stays one line on a phone: the way back, the sync state and the menu; elsewhere narrow
        // gaps keep a phone's navbar at two lines (the settings icon wrapped alone onto a third)
        className={`mx-auto flex max-w-7xl items-center gap-y-1 px-2 py-2 sm:px-4 ${fieldTour ? 'flex-nowrap gap-x-2' : 'flex-wrap gap-x-1 sm:gap-x-3'}`}
      >
        {fieldTour && params.instanceId && (
          <Link
            to="/mobile/$instanceId"
            params={{ instanceId: params.instanceId }}
            search={{ view: 'list' }}
            className="flex min-h-11 items-center gap-1 rounded px-2 font-semibold hover:bg-white/10"
            data-testid="field-back"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              ‹
            </span>
            <Trans>Station list</Trans>
          </Link>
        )}
        {meta.showLogo && !fieldTour && (
          <Link
            to="/"
            search={date ? { date } : {}}
            className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded font-semibold"
            aria-label={`${brand}: ${t`Home: choose a group`}`}
          >
            <img src={config.logo ?? '/icon.svg'} alt="" style={{ height: 32 }} />
            <span className="hidden sm:inline">{brand}</span>
          </Link>
        )}
        {meta.navbarHeading ? (
          <span className="min-w-0 truncate text-sm font-semibold sm:text-base" data-testid="navbar-heading">
            {i18n._(meta.navbarHeading)}
            {date && <span className="ml-2 font-normal opacity-80">{fmt.date(date)}</span>}
          </span>
        ) : (
          group && (
            <span className="min-w-0 max-w-[50vw] truncate text-sm sm:text-base" data-testid="navbar-title">
              {group}
              {date && <span className="ml-2 opacity-80">{fmt.date(date)}</span>}
            </span>
          )
        )}
        <span className="ml-auto" />
        {!online && !username && (
          <span role="status" className="rounded bg-amber-400 px-2 py-0.5 text-sm font-semibold text-slate-900">
            <Trans>Offline</Trans>
          </span>
        )}
        {/* a thumb-sized target on the field screens, without reaching into the badge's own styles */}
        <span className="contents [&_button]:min-h-11">
          <SyncStatusButton />
        </span>
        {username && meta.showUser && (
          <span className="text-sm opacity-90 max-sm:hidden" title={t`Logged in user`}>
            {username}
          </span>
        )}
        {fieldTour ? <FieldMenu>{rest}</FieldMenu> : rest}
      </nav>
    </header>
  );
}
