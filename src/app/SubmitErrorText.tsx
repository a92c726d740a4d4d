import { Trans } from '@lingui/react/macro';
import type { SubmitError } from '../../schemas/db/offline-instance-doc';

/** Why a submission stopped, from its reason code, in the UI language (the raw detail stays for support). */
export function SubmitErrorText({ error }: { error: SubmitError }) {
  const { status, detail = '', name = '', owner = '' } = error;
  switch (error.code) {
    case 'login-required':
      return <Trans>Login required to transfer the entries.</Trans>;
    case 'owner-login':
      return (
        <Trans>
          Entered by {owner}: it is sent when {owner} is logged in on this device.
        </Trans>
      );
    case 'network':
      return <Trans>No connection to the server.</Trans>;
    case 'http':
      return status === undefined ? (
        <Trans>The server gave an unexpected answer: {detail}</Trans>
      ) : (
        <Trans>
          The server answered {status}: {detail}
        </Trans>
      );
    case 'group-missing':
      return <Trans>Cannot find group with name {name}</Trans>;
    case 'not-buildable':
      return <Trans>The round cannot be sent: {detail}</Trans>;
    case 'prepare-failed':
      return <Trans>The submission could not be prepared: {detail}</Trans>;
    case 'conflict':
      return <Trans>The server holds another version of this round; the change is sent as a correction.</Trans>;
    default:
      return <>{detail || error.code}</>;
  }
}

/** The code and raw detail for support's export (never translated). */
export function submitErrorForSupport(error: SubmitError | undefined): string {
  if (!error) return '';
  const params = Object.entries(error)
    .filter(([k]) => k !== 'code' && k !== 'detail')
    .map(([k, value]) => `${k}=${String(value)}`);
  return [error.code, ...params, error.detail ?? ''].filter((s) => s !== '').join(' · ');
}
