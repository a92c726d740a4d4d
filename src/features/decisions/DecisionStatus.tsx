import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { DecisionDoc } from '../../../schemas/db/decision-doc';
import { useOnline } from '../../app/use-online';
import { useDb } from '../../db/db-context';
import { readDecisionError } from '../../domain/decision-lifecycle';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { requeueDecision } from '../../db/decision-commands';

/** Where a typed decision stands on its way to the server (sync state is data, Architecture §1). */
export function DecisionStatus({ decision }: { decision: DecisionDoc }) {
  const db = useDb();
  const online = useOnline();
  // "recorded" confirms what the user just did; a decision already sent when the screen opened (a reload,
  // a later visit) says so in the archive's state, not in a confirmation again
  const [sentAtOpen] = useState(decision.syncState === 'sent');
  const owner = decision.owner ?? '';
  const again = () => requeueDecision(db, decision.id);
  switch (decision.syncState) {
    case 'draft':
      return null;
    case 'queued':
      return (
        <Alert type="info" testId="decision-state">
          {online ? (
            <Trans>Assessment queued; it is being sent.</Trans>
          ) : (
            <Trans>Assessment saved on this device; it will be sent when the network is back.</Trans>
          )}
        </Alert>
      );
    case 'sending':
      return (
        <Alert type="info" testId="decision-state">
          <Trans>Sending the assessment…</Trans>
        </Alert>
      );
    case 'retrying':
      return (
        <Alert type="warning" testId="decision-state">
          <Trans>Sending failed; trying once more in 5 seconds.</Trans>{' '}
          <DecisionErrorText lastError={decision.lastError} />
        </Alert>
      );
    case 'error':
      return (
        <Alert type="danger" testId="decision-state">
          {readDecisionError(decision.lastError)?.code === 'forbidden' ? (
            <p>
              {decision.stage === 1 ? (
                <Trans>
                  The server refused the assessment: you do not hold the role for decision 1 (first decider) on this
                  round. Ask an administrator for the role.
                </Trans>
              ) : (
                <Trans>
                  The server refused the assessment: you do not hold the role for decision 2 (second decider) on this
                  round. Ask an administrator for the role.
                </Trans>
              )}
            </p>
          ) : (
            <p>
              <Trans>The assessment could not be sent:</Trans> <DecisionErrorText lastError={decision.lastError} />
            </p>
          )}
          <Button variant="secondary" className="mt-2" onClick={() => void again()}>
            <Trans>Send again</Trans>
          </Button>
        </Alert>
      );
    case 'waiting-login':
      // typed by the user who is no longer logged in (shared devices): it goes with their login, never another's
      return (
        <Alert type="info" testId="decision-state">
          <Trans>Assessment saved on this device; it is sent when {owner} is logged in on this device.</Trans>
        </Alert>
      );
    case 'sent':
      if (sentAtOpen) return null;
      return (
        <Alert type="success" testId="decision-state">
          <Trans>Assessment recorded</Trans>
        </Alert>
      );
  }
}

/** Why a decision did not reach the server, from its reason code, in the user's language. */
function DecisionErrorText({ lastError }: { lastError: string | undefined }) {
  const error = readDecisionError(lastError);
  if (!error) return null;
  switch (error.code) {
    case 'forbidden':
      return <Trans>The server refused it: you do not hold the decider role for this round.</Trans>;
    case 'login-required':
      return <Trans>Log in again; it is sent after the login.</Trans>;
    case 'network':
      return <Trans>The server could not be reached.</Trans>;
    case 'invalid-response':
      return <Trans>The server's answer could not be read.</Trans>;
    case 'nothing-to-send':
      return <Trans>Nothing was recorded to send; record the assessment again.</Trans>;
    case 'http': {
      const status = error.status ?? 0;
      return <Trans>The server answered with status {status}.</Trans>;
    }
    case 'failed':
      return <Trans>Sending failed.</Trans>;
    case 'legacy':
      // text stored by an older version, before the reason codes
      return <>{error.text}</>;
  }
}
