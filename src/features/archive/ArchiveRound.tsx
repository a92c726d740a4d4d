import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useConfig, useServerInfo } from '../../db/reference-hooks';
import { decisionAccess, openStage } from '../../domain';
import { Alert } from '../../ui/Alert';
import { DecisionForm, DecisionReadOnly, DecisionRefused } from '../decisions/DecisionForm';
import { DecisionStatus } from '../decisions/DecisionStatus';
import { StoredStateGate } from '../readings/stored-state';
import { useDecision, useDecisionsByOwner, useRefusedDecisions } from '../decisions/decision-store';
import { MissingRound } from './MissingRound';
import { PdfButton } from './PdfButton';
import { RoundDetails } from './RoundDetails';
import { RoundState } from './round-state';
import { useCompletedRound } from './use-completed-round';

function BackLink() {
  return (
    <Link
      to="/archive"
      className="inline-flex min-h-11 items-center text-sky-700 underline print:hidden dark:text-sky-300"
    >
      ← <Trans>Back to the archive</Trans>
    </Link>
  );
}

/**
 * completedMeasureRound (§2): one round with everything recorded, and the open decision for a user holding
 * the role for it on this round (§6, roles from GET /info when the server tells them; otherwise the form is
 * offered and the server refuses a user without the role, remembered on the device); everyone else sees it read-only.
 */
export function ArchiveRound() {
  const { instanceId } = useParams({ from: '/archive/$instanceId' });
  const round = useCompletedRound(instanceId);
  const info = useServerInfo();
  const config = useConfig();
  const stage = round ? openStage(round) : undefined;
  const decision = useDecision(instanceId, stage);
  // After the round moved on, the last decision typed here still says how it went ("assessment recorded").
  const { visible, waitingFor } = useDecisionsByOwner(instanceId);
  const refused = useRefusedDecisions();
  const last = visible[0];
  // the refusals too: a refused round never shows its form for a moment
  if (round === undefined || refused === undefined) return <p role="status">…</p>;
  if (round === null) return <MissingRound instanceId={instanceId} back={<BackLink />} />;
  const access = stage === undefined ? undefined : decisionAccess(round, stage, info?.roles, config.product, refused);
  return (
    <section aria-labelledby="archive-round-heading" className="space-y-3">
      <BackLink />
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="archive-round-heading" className="text-2xl font-semibold">
          {round.mrName}
        </h1>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-sm dark:bg-slate-800" data-testid="round-state">
          <RoundState round={round} />
        </span>
        <PdfButton instanceId={round.instanceId} />
      </div>
      {stage !== undefined && access === 'decide' && (
        // undefined while the stored decision is read: its fields are read-only and empty until then
        <StoredStateGate key={stage} ready={decision !== undefined}>
          <DecisionForm round={round} stage={stage} decision={decision} />
        </StoredStateGate>
      )}
      {stage !== undefined && access === 'read-only' && <DecisionReadOnly stage={stage} />}
      {access === 'refused' && <DecisionRefused decision={decision} />}
      {last && last.stage !== stage && <DecisionStatus decision={last} />}
      {waitingFor.map((owner) => (
        // shared devices: another user's decision is never shown, only that it waits for them
        <Alert key={owner} type="info" testId="decision-waiting-login">
          <Trans>
            An assessment by {owner} is waiting on this device for {owner} to log in; then it is sent.
          </Trans>
        </Alert>
      ))}
      <RoundDetails round={round} />
    </section>
  );
}
