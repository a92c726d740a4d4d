import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { ErrorCodeSchema } from '../../schemas/api';
import type { SubmitError } from '../../schemas/db/offline-instance-doc';
import { describeRefusal, type RefusedEntry } from '../domain/submit-refusal';
import type { SubmissionError } from '../domain/submission';
import { RefusalText } from './RefusalText';
import { useRefusedEntries, type RefusedRound } from './use-refused-entries';

/** The builder's reason (src/domain/submission.ts) read back from a stored error's params. */
function buildErrorOf(params: SubmitError['params']): SubmissionError | undefined {
  const p = params ?? {};
  const text = (k: string) => String(p[k] ?? '');
  switch (p.kind) {
    case 'mrIdRequired':
      return { kind: 'mrIdRequired' };
    case 'dateTimeMissing':
      return {
        kind: 'dateTimeMissing',
        staName: text('staName'),
        staNumber: text('staNumber'),
        tsParameter: text('tsParameter'),
      };
    case 'noEntries':
      return { kind: 'noEntries', staNumber: text('staNumber') };
    default:
      return undefined;
  }
}

/** §5/§8 reasons a round cannot be built for sending, in the UI language. */
export function BuildErrorText({ error }: { error: SubmissionError }) {
  switch (error.kind) {
    case 'mrIdRequired':
      return <Trans>The round cannot be sent: it has no round id (mrId).</Trans>;
    case 'dateTimeMissing': {
      const { staName, staNumber, tsParameter } = error;
      return (
        <Trans>
          Date/time missing: {staName} ({staNumber}), {tsParameter}
        </Trans>
      );
    }
    case 'noEntries': {
      const { staNumber } = error;
      return <Trans>Expecting at least one entry (station {staNumber}).</Trans>;
    }
  }
}

/**
 * Why a submission stopped, from its reason code (the app's own, or the reference server's: see
 * schemas/api/error-answer.ts), in the UI language (the raw detail stays for support). With the round's
 * `entries`, a refusal names the station and timeseries it concerns; `renderEntry` may link to it, `withTsId`
 * adds the server's id of the series for support.
 */
export function SubmitErrorText({
  error,
  entries = [],
  renderEntry,
  withTsId = false,
}: {
  error: SubmitError;
  entries?: readonly RefusedEntry[];
  renderEntry?: (entry: RefusedEntry, name: string) => ReactNode;
  withTsId?: boolean;
}) {
  const refusal = describeRefusal(error, entries);
  if (refusal) return <RefusalText refusal={refusal} renderEntry={renderEntry} withTsId={withTsId} />;
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
    case 'group-missing':
      return <Trans>Cannot find group with name {name}</Trans>;
    case 'not-buildable': {
      const reason = buildErrorOf(error.params);
      // a message stored by an older version has only the English detail
      if (!reason) return <Trans>The round cannot be sent: {detail}</Trans>;
      const more = Number(error.params?.more ?? 0);
      return (
        <>
          <BuildErrorText error={reason} />
          {more > 0 && (
            <>
              {' '}
              <Trans>({more} more)</Trans>
            </>
          )}
        </>
      );
    }
    case 'invalid-post': {
      const field = error.field ?? '';
      return (
        <Trans>The round cannot be sent: the field {field} is not valid. The entries are kept on this device.</Trans>
      );
    }
    case 'prepare-failed':
      return <Trans>The submission could not be prepared: {detail}</Trans>;
    case 'conflict':
      return <Trans>The server holds another version of this round; the change is sent as a correction.</Trans>;
    case 'date-invalid':
      return <Trans>The server refused a date of the round as not valid.</Trans>;
    case 'date-too-early':
      return <Trans>A date of the round lies before 1900.</Trans>;
    case 'date-in-future':
      return (
        <Trans>A date of the round lies more than one day in the future: check the date and the device's clock.</Trans>
      );
    case 'value-not-allowed':
      return <Trans>A value is not one of the codes its timeseries allows.</Trans>;
    case 'not-of-round':
      return <Trans>A timeseries of the round is not part of it on the server (any more).</Trans>;
    case 'duplicate-time':
      return <Trans>Two values of one timeseries have the same time.</Trans>;
    case 'image-other-round':
      return <Trans>A photo of the round belongs to another round on the server.</Trans>;
    case 'station-change-refused':
      return <Trans>The server refused a station task or facility change of the round.</Trans>;
    case 'corrects-invalid':
      return <Trans>The server cannot link this correction to the round it corrects.</Trans>;
    case 'submission-elsewhere':
      return <Trans>The server holds this submission under another round.</Trans>;
    case 'submission-differs':
      return <Trans>The server holds another version of this round.</Trans>;
    case 'forbidden':
      return <Trans>You may not submit this round: a permission is missing.</Trans>;
    case 'too-large':
      return <Trans>The round is too large for the server.</Trans>;
    default:
      // the server's other codes (and 'http': a server that sends none) show its own words
      if (error.code === 'http' || v.is(ErrorCodeSchema, error.code))
        return status === undefined ? (
          <Trans>The server gave an unexpected answer: {detail}</Trans>
        ) : (
          <Trans>
            The server answered {status}: {detail}
          </Trans>
        );
      return <>{detail || error.code}</>;
  }
}

function StoredRoundRefusal({
  error,
  round,
  withTsId,
}: {
  error: SubmitError;
  round: RefusedRound;
  withTsId: boolean;
}) {
  const entries = useRefusedEntries(round);
  // a moment while the round is read: its name, not first the id and then the name
  if (entries === undefined) return null;
  return <SubmitErrorText error={error} entries={entries} withTsId={withTsId} />;
}

/**
 * The submit error of a round shown away from its table (toast, meteo status, support's panels): a refusal of
 * a series names it from the round stored on the device, as the table does.
 */
export function RoundSubmitErrorText({
  error,
  round,
  withTsId = false,
}: {
  error: SubmitError;
  round: RefusedRound;
  withTsId?: boolean;
}) {
  // only a refusal that concerns a series reads the round
  if (describeRefusal(error, [])?.tsId === undefined) return <SubmitErrorText error={error} />;
  return <StoredRoundRefusal error={error} round={round} withTsId={withTsId} />;
}

/** The code and raw detail for support's export (never translated). */
export function submitErrorForSupport(error: SubmitError | undefined): string {
  if (!error) return '';
  const { params: serverParams = {}, ...own } = error;
  const params = [...Object.entries(own), ...Object.entries(serverParams)]
    .filter(([k]) => k !== 'code' && k !== 'detail')
    .map(([k, value]) => `${k}=${String(value)}`);
  return [error.code, ...params, error.detail ?? ''].filter((s) => s !== '').join(' · ');
}
