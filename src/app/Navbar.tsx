import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from '@tanstack/react-router';
import { useCurrentDate } from './use-current-date';
import { Fragment, useState } from 'react';
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
import { NavMenu } from './NavMenu';
import { useMediaQuery } from './use-media-query';

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
  const location = useLocation();
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const authState = useAuthState();
  const meta = useRouteMeta();
  const date = useCurrentDate();
  const group = params.group;
  const username = info?.username ?? undefined;
  const documentCount = useMeasureDocuments()?.length ?? 0;
  const navLink = 'flex min-h-11 items-center rounded px-2 text-sm hover:bg-white/10';

  // §2 /mobile: a field worker needs the sync state and the way back to the station list; the office's
  // links go into one menu, so the navbar keeps one line and the first value stays on the first screen
  const fieldTour = location.pathname.startsWith('/mobile/') && typeof params.instanceId === 'string';
  // below lg the office links do not fit one line (measured: two lines at 640 px, three on the table with its
  // title at 768 px): a phone, a tablet or a narrow window gets the same menu; one or the other is rendered,
  // never both. A phone held sideways (844×390) would otherwise spend a third of its height on two sticky lines.
  const wide = useMediaQuery('(min-width: 64rem) and (min-height: 30rem)');
  const compact = fieldTour || !wide;
  const iconLink = `flex min-h-11 min-w-11 items-center gap-1 rounded px-2 text-sm hover:bg-white/10 ${compact ? '' : 'justify-center'}`;
  // inline below 2xl, theme, help and settings show their icon only (the name stays for screen readers and as a
  // tooltip), so the office navbar keeps one line on a 1280 px screen and the page keeps its height
  const iconLabel = compact ? undefined : 'max-2xl:sr-only';

  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  };

  // The links that appear only once data is read (the documents pulled, the server's answer whether the user is an
  // admin). The bar is aligned right, so a link appearing moves only what is to its left: placed after "Archive", it
  // moved it under a finger already on its way (a click landed beside it). In the bar they come before the links
  // known at once.
  const dataLinks = [
    config.showMeasureDocuments && documentCount > 0 && (
      <Link key="documents" to="/documents" className={navLink}>
        <Trans>Documents</Trans>
      </Link>
    ),
    info?.isAdmin && (
      <Link key="permissions" to="/permissions" className={navLink} aria-keyshortcuts="g p">
        <Trans>Permissions</Trans>
      </Link>
    ),
    // the import and export calls are this server's own (extension 'operator'); a vendor's server has none
    info?.isAdmin && info.extensions?.includes('operator') && (
      <Link key="operator" to="/operator" className={navLink}>
        <Trans>Import and export</Trans>
      </Link>
    ),
  ];
  const items = [
    fieldTour && (
      <Link key="home" to="/" search={date ? { date } : {}} className={navLink}>
        <Trans>Home: choose a group</Trans>
      </Link>
    ),
    // the navbar names the user beside the links; in the menu, above the logout it belongs to
    compact && !!username && meta.showUser && (
      <span key="user" className="px-2 py-1 text-sm opacity-90">
        <Trans>Logged in as {username}</Trans>
      </span>
    ),
    config.showLoginLogout && authState.enabled && online && (
      <button
        key="login"
        type="button"
        onClick={() => (authState.authenticated ? void auth.logout() : auth.login())}
        className="flex min-h-11 items-center rounded border border-white/40 px-2 text-sm hover:bg-white/10"
      >
        {authState.authenticated ? <Trans>Log out</Trans> : <Trans>Log in</Trans>}
      </button>
    ),
    // The links that appear only once data is read come before the ones known at once in the bar (see dataLinks);
    // in the menu they keep their place after the archive
    ...(compact ? [] : dataLinks),
    meta.showGenericButtons && (
      <Fragment key="generic">
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
          className={iconLink}
          title={compact ? undefined : theme === 'dark' ? t`Light mode` : t`Dark mode`}
        >
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
          <span className={iconLabel}>{theme === 'dark' ? <Trans>Light mode</Trans> : <Trans>Dark mode</Trans>}</span>
        </button>
      </Fragment>
    ),
    config.showArchive && username && (
      <Link key="archive" to="/archive" className={navLink}>
        <Trans>Archive</Trans>
      </Link>
    ),
    ...(compact ? dataLinks : []),
    config.showAbout && (
      <Link
        key="about"
        to="/about"
        className={iconLink}
        aria-current={location.pathname === '/about' ? 'page' : undefined}
        title={compact ? undefined : t`Help`}
      >
        <Icon name="help" />
        <span className={iconLabel}>
          <Trans>Help</Trans>
        </span>
      </Link>
    ),
    config.showConfig && (
      <Link key="config" to="/config" className={iconLink} title={compact ? undefined : t`Settings`}>
        <Icon name="settings" />
        <span className={iconLabel}>
          <Trans>Settings</Trans>
        </span>
      </Link>
    ),
  ].filter((item) => item !== false && item !== undefined);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-sky-900 text-white dark:border-slate-800 dark:bg-slate-900">
      <nav
        aria-label={t`Main navigation`}
        className={`mx-auto flex max-w-7xl items-center gap-y-1 px-2 py-2 sm:px-4 flex-nowrap ${compact ? 'gap-x-2' : 'gap-x-3 whitespace-nowrap'}`}
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
            className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded font-semibold"
            aria-label={`${brand}: ${t`Home: choose a group`}`}
          >
            {/* space kept before the image arrives (the square icon exactly, a configured logo at least as wide as
                high): the navbar's items moved when it loaded (a layout shift) */}
            <img
              src={config.logo ?? 'icon.svg'}
              alt=""
              height={32}
              {...(config.logo ? {} : { width: 32 })}
              style={{ height: 32, minWidth: 32, objectFit: 'contain' }}
            />
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
        {/* a thumb-sized target on one line (the title gives way first), without reaching into the badge's own styles */}
        <span className="contents [&_button]:min-h-11 [&_button]:whitespace-nowrap [&>div]:shrink-0">
          <SyncStatusButton />
        </span>
        {username && meta.showUser && !compact && (
          <span className="text-sm opacity-90" title={t`Logged in user`}>
            {username}
          </span>
        )}
        {compact ? items.length > 0 && <NavMenu>{items}</NavMenu> : items}
      </nav>
    </header>
  );
}
