import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useServerInfo } from '../../db/reference-hooks';
import { LocalDataPanel } from '../debug/LocalDataPanel';
import { openShortcutHelp } from '../../app/ShortcutHelp';

/** §9 keyboard shortcuts (bound in app/use-shortcuts.ts). */
const SHORTCUTS = [
  ['g h', msg`group selection`],
  ['g a', msg`archive`],
  ['g l', msg`log in or out`],
  ['g c', msg`settings`],
  ['g p', msg`permissions (administrators)`],
  ['?', msg`this help`],
  ['k', msg`list of all shortcuts, also those of the table`],
] as const;

/** appAbout (§2): about, help, bug report and version info (client, server, user agent). */
export function About() {
  const { i18n } = useLingui();
  const info = useServerInfo();
  return (
    <section aria-labelledby="about-heading" className="max-w-3xl space-y-4">
      <h1 id="about-heading" className="text-2xl font-semibold">
        <Trans>About this app</Trans>
      </h1>
      <p>
        <Trans>
          Enter readings of measurement rounds in the office or in the field. Every entry is saved on this device at
          once and sent to the server when you submit; without network it waits and is sent later.
        </Trans>
      </p>
      <h2 className="text-lg font-semibold">
        <Trans>Keyboard shortcuts</Trans>
      </h2>
      <ul className="list-inside list-disc">
        {SHORTCUTS.map(([keys, label]) => (
          <li key={keys}>
            <kbd>{keys}</kbd> – {i18n._(label)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={openShortcutHelp}
        className="min-h-11 rounded px-1 text-sky-800 underline hover:bg-slate-100 dark:text-sky-300 dark:hover:bg-slate-800"
      >
        <Trans>Show all shortcuts (k)</Trans>
      </button>
      <h2 className="text-lg font-semibold">
        <Trans>Version information</Trans>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>
          <Trans>Client version</Trans>
        </dt>
        <dd data-testid="client-version">{__APP_VERSION__}</dd>
        <dt>
          <Trans>Server version</Trans>
        </dt>
        <dd data-testid="server-version">{info ? `${info.version} (API ${info.apiVersion})` : '–'}</dd>
        {/* §3 server info: name, revision and copyright, for a support ticket that must name the server exactly */}
        {info?.name && (
          <>
            <dt>
              <Trans>Server</Trans>
            </dt>
            <dd data-testid="server-name">{info.name}</dd>
          </>
        )}
        {info?.revision && (
          <>
            <dt>
              <Trans>Server revision</Trans>
            </dt>
            <dd data-testid="server-revision" className="break-all">
              {info.revision}
            </dd>
          </>
        )}
        {info?.copyright && (
          <>
            <dt>
              <Trans>Copyright</Trans>
            </dt>
            <dd data-testid="server-copyright">{info.copyright}</dd>
          </>
        )}
        <dt>
          <Trans>Browser</Trans>
        </dt>
        <dd className="break-all">{navigator.userAgent}</dd>
      </dl>
      <h2 className="text-lg font-semibold">
        <Trans>Report a problem</Trans>
      </h2>
      <p>
        <Trans>
          Describe what you did and what happened, and copy the version information above into your report to your
          support team.
        </Trans>
      </p>
      <LocalDataPanel />
      <p>
        <Link to="/debug" className="text-sky-800 underline dark:text-sky-300">
          <Trans>Open the support panel: every submission with its tries, sync state and all local data</Trans>
        </Link>
      </p>
    </section>
  );
}
