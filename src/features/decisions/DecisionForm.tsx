import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CompletedEntry } from '../../../schemas/api';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import type { DecisionDoc } from '../../../schemas/db/decision-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { buildDecisionPost, decisionOptions, dueEntries, type DecisionProblem, type DecisionStage } from '../../domain';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../readings/ChoiceGroup';
import { TextField } from '../readings/TextField';
import { useOwnedText } from '../readings/use-owned-text';
import { useDecisionLabel } from '../archive/DecisionLabel';
import { DecisionReasons } from './DecisionReasons';
import { DecisionStatus } from './DecisionStatus';
import { requeueDecision, submitDecision, typeDecisionInput, typeDecisionTeam } from '../../db/decision-commands';
import { decisionEditable } from '../../domain/decision-lifecycle';

/** One entry's decision: the value as a choice and a remark, each stored as typed (useOwnedText). */
function EntryDecision({
  entry,
  round,
  stage,
  input,
  disabled,
  write,
  problem,
}: {
  entry: CompletedEntry;
  round: CompletedRoundDoc;
  stage: DecisionStage;
  input: { value?: string; remark?: string } | undefined;
  disabled: boolean;
  write: (field: 'value' | 'remark', text: string) => Promise<unknown>;
  problem?: string;
}) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const label = useDecisionLabel();
  const owned = useOwnedText(input?.value, (text) => write('value', text));
  const choices = decisionOptions(entry.tsId, stage).map((value) => ({ value, label: label(value) }));
  const name = `${entry.staName} (${entry.staNumber}) · ${entry.tsParameter ?? entry.tsId}`;
  const value = choices.find((c) => c.value === owned.value)?.value;
  return (
    <li className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-700" data-testid="decision-entry">
      <p className="font-medium">
        {name}: <span className="tabular-nums">{fmt.number(entry.value)}</span> {entry.tsUnit}
        {entry.decision1Value && stage === 2 && (
          <span className="ml-2 text-sm text-slate-600 dark:text-slate-300">
            <Trans>Decision 1</Trans>: {label(entry.decision1Value)} {entry.decision1Remark}
          </span>
        )}
      </p>
      <DecisionReasons entry={entry} instanceId={round.instanceId} submissionTime={round.submissionTime} />
      <span onFocus={owned.onFocus} onBlur={owned.onBlur} className="inline-flex">
        <ChoiceGroup
          label={t`Decision for ${name}`}
          choices={choices}
          value={value}
          onChange={(v) => owned.set(v ?? '')}
          disabled={disabled || owned.loading}
          stack
        />
      </span>
      {problem && <p className="text-sm text-red-700 dark:text-red-300">{problem}</p>}
      <label className="flex flex-col gap-1 text-sm font-medium">
        <Trans>Remark</Trans>
        <TextField
          stored={input?.remark}
          label={t`Remark on ${name}`}
          disabled={disabled}
          onStore={(text) => write('remark', text)}
        />
      </label>
    </li>
  );
}

/**
 * §4 decision of one stage: a value (and remark) per entry that needs one, and the deciding team. Typed text
 * is stored at once; "record assessment" hands the checked body to the queue, which sends it when online.
 */
export function DecisionForm({
  round,
  stage,
  decision,
}: {
  round: CompletedRoundDoc;
  stage: DecisionStage;
  decision: DecisionDoc | null | undefined;
}) {
  const { t } = useLingui();
  const db = useDb();
  const [problems, setProblems] = useState<DecisionProblem[]>([]);
  const base = { instanceId: round.instanceId, stage, mrName: round.mrName };
  const due = dueEntries(round.entries, stage);
  const editable = !decision || decisionEditable(decision.syncState);
  const inputs = decision?.inputs ?? [];
  const problemText = (tsId: string) => {
    const p = problems.find((x) => 'tsId' in x && x.tsId === tsId);
    return p ? t`Choose a decision.` : undefined;
  };
  const send = async () => {
    const result = buildDecisionPost(round.entries, stage, decision?.team, inputs);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems([]);
    await submitDecision(db, base, result.post);
  };
  return (
    <section
      aria-labelledby="decision-heading"
      className="space-y-3 rounded border-2 border-sky-700 p-3 print:hidden"
      data-testid="decision-form"
    >
      <h2 id="decision-heading" className="text-xl font-semibold">
        {stage === 1 ? <Trans>Decision 1</Trans> : <Trans>Decision 2</Trans>}
      </h2>
      <ul className="space-y-2">
        {due.map((entry) => (
          <EntryDecision
            key={entry.tsId}
            entry={entry}
            round={round}
            stage={stage}
            input={inputs.find((i) => i.tsId === entry.tsId)}
            disabled={!editable}
            problem={problemText(entry.tsId)}
            write={(field, text) => typeDecisionInput(db, base, entry.tsId, field, text)}
          />
        ))}
      </ul>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
        <Trans>Team of the decision</Trans>
        <TextField
          stored={decision?.team}
          label={t`Team of the decision`}
          disabled={!editable}
          onStore={(text) => typeDecisionTeam(db, base, text)}
        />
      </label>
      {problems.some((p) => p.kind === 'team-missing') && (
        <p className="text-sm text-red-700 dark:text-red-300">{t`Enter the team.`}</p>
      )}
      {decision && !decisionEditable(decision.syncState) ? null : (
        <Button onClick={() => void send()}>
          <Trans>Record assessment</Trans>
        </Button>
      )}
      {decision && <DecisionStatus decision={decision} />}
    </section>
  );
}

/** Shown instead of the form to a user who may not take this decision (§6). */
export function DecisionReadOnly({ stage }: { stage: DecisionStage }) {
  return (
    <Alert type="info" testId="decision-read-only">
      {stage === 1 ? (
        <Trans>This round awaits decision 1 by a first decider (dam keeper). You can view it only.</Trans>
      ) : (
        <Trans>This round awaits decision 2 by a second decider (operations officer). You can view it only.</Trans>
      )}
    </Alert>
  );
}

/**
 * Shown instead of the form when the server refused this user's decision on this stage (403): a spec-only server
 * names no roles, so the refusal is how the device learns it. "Send again" stays, for when an administrator has
 * granted the role since; its success clears the refusal.
 */
export function DecisionRefused({ decision }: { decision: DecisionDoc | null | undefined }) {
  const db = useDb();
  return (
    <Alert type="warning" testId="decision-refused">
      <p>
        <Trans>The server refused your decision on this round: you hold no decision role for it.</Trans>
      </p>
      {decision && (
        <Button variant="secondary" className="mt-2" onClick={() => void requeueDecision(db, decision.id)}>
          <Trans>Send again</Trans>
        </Button>
      )}
    </Alert>
  );
}
