import { Trans } from '@lingui/react/macro';
import { useServerInfo } from '../../db/reference-hooks';
import { LocalDataPanel } from '../debug/LocalDataPanel';

/** appAbout (§2): about, help, bug report and version info (client, server, user agent). */
export function About() {
  const info = useServerInfo();
  return (
    <section aria-labelledby="about-heading" className="max-w-3xl space-y-4">
      <h1 id="about-heading" className="text-2xl font-semibold">
        <Trans>About this app</Trans>
      </h1>
      <p>
        <Trans>
          Enter readings of measurement rounds in the office or in the field. Every entry is saved on this device at once and sent to the server when
          you submit; without network it waits and is sent later.
        </Trans>
      </p>
      <h2 className="text-lg font-semibold">
        <Trans>Keyboard shortcuts</Trans>
      </h2>
      <ul className="list-inside list-disc">
        <li>
          <kbd>g h</kbd> – <Trans>group selection</Trans>
        </li>
        <li>
          <kbd>g a</kbd> – <Trans>archive</Trans>
        </li>
        <li>
          <kbd>g l</kbd> – <Trans>log in or out</Trans>
        </li>
        <li>
          <kbd>g c</kbd> – <Trans>settings</Trans>
        </li>
        <li>
          <kbd>?</kbd> – <Trans>this help</Trans>
        </li>
      </ul>
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
        <dt>
          <Trans>Browser</Trans>
        </dt>
        <dd className="break-all">{navigator.userAgent}</dd>
      </dl>
      <h2 className="text-lg font-semibold">
        <Trans>Report a problem</Trans>
      </h2>
      <p>
        <Trans>Describe what you did and what happened, and copy the version information above into your report to your support team.</Trans>
      </p>
      <LocalDataPanel />
    </section>
  );
}
