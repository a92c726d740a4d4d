import { Trans } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import { useConfig } from '../db/reference-hooks';
import { errorReportingEndpoint } from '../domain/error-report';
import { Button } from '../ui/Button';
import {
  errorReportingConsent,
  onConsentChange,
  setErrorReportingConsent,
  setErrorReportingEndpoint,
} from './error-reporting';

export function useErrorReportingConsent() {
  return useSyncExternalStore(onConsentChange, errorReportingConsent);
}

/**
 * §3 error-reporting settings: follows the config's endpoint and asks once, on this device, whether errors may
 * be sent (nothing is recorded before the answer); /config changes the answer later.
 */
export function ErrorReportingConsent() {
  const endpoint = errorReportingEndpoint(useConfig().errorReporting);
  const consent = useErrorReportingConsent();
  useEffect(() => setErrorReportingEndpoint(endpoint), [endpoint]);
  if (!endpoint || consent !== undefined) return null;
  return (
    <div
      role="region"
      aria-labelledby="error-consent-heading"
      data-testid="error-consent"
      className="fixed inset-x-2 bottom-2 z-40 mx-auto max-w-xl rounded border-2 border-slate-700 bg-white p-3 text-sm shadow-lg dark:border-slate-300 dark:bg-slate-900"
    >
      <h2 id="error-consent-heading" className="font-semibold">
        <Trans>Send error reports?</Trans>
      </h2>
      <p>
        <Trans>
          When the app fails, it can tell the operator: the app version, the screen and the error. Nothing about you,
          your rounds or your readings.
        </Trans>
      </p>
      <div className="mt-2 flex gap-2">
        <Button onClick={() => setErrorReportingConsent('yes')}>
          <Trans>Send error reports</Trans>
        </Button>
        <Button variant="secondary" onClick={() => setErrorReportingConsent('no')}>
          <Trans>Do not send</Trans>
        </Button>
      </div>
    </div>
  );
}

/** The answer in /config, shown only when the config names an endpoint. */
export function ErrorReportingSetting() {
  const endpoint = errorReportingEndpoint(useConfig().errorReporting);
  const consent = useErrorReportingConsent();
  if (!endpoint) return null;
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input
        type="checkbox"
        className="size-5 shrink-0"
        checked={consent === 'yes'}
        onChange={(e) => setErrorReportingConsent(e.target.checked ? 'yes' : 'no')}
      />
      <Trans>Send error reports to the operator (app version, screen and error; nothing personal)</Trans>
    </label>
  );
}
