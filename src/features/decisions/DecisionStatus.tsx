import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { DecisionDoc } from '../../../schemas/db/decision-doc';
import { useOnline } from '../../app/use-online';
import { useDb } from '../../db/db-context';
import { DECISION_FORBIDDEN } from '../../domain';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { requeueDecision } from './decision-store';

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
          <Trans>Sending failed; trying once more in 5 seconds.</Trans> {decision.lastError}
        </Alert>
      );
    case 'error':
      return (
        <Alert type="danger" testId="decision-state">
          {decision.lastError === DECISION_FORBIDDEN ? (
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
              <Trans>The assessment could not be sent:</Trans> {decision.lastError}
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
