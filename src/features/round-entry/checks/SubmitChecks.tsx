import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PreSubmitFindings, ConfirmationStep } from '../../../domain';
import { ImplausibleDialog } from './ImplausibleDialog';
import { EntryListPrompt } from './EntryListPrompt';

/**
 * The prompts of §5 and §8, one after the other; the round is sent only after the last one is
 * confirmed, and cancelling any of them sends nothing and keeps every entry as it is.
 */
export function SubmitChecks({
  findings,
  steps,
  date,
  onSend,
  onCancel,
}: {
  findings: PreSubmitFindings;
  steps: ConfirmationStep[];
  date: string;
  onSend(): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const step = steps[index];
  const last = index === steps.length - 1;
  const next = () => (last ? onSend() : setIndex(index + 1));
  const pastDate = findings.roundDate?.kind === 'past' ? findings.roundDate : undefined;
  switch (step) {
    case 'implausible':
      return (
        <ImplausibleDialog
          key={step}
          values={findings.implausible}
          pastDate={pastDate}
          date={date}
          last={last}
          onConfirm={next}
          onCancel={onCancel}
        />
      );
    case 'incidents': {
      // §8 unassessed incidents: reported without a remark or photo (isUnassessedIncident); the deciders
      // assess them later and need the observer's description
      const incidents = findings.unassessedIncidents;
      return (
        <EntryListPrompt
          key={step}
          title={t`Unassessed incidents`}
          testId="incidents-dialog"
          intro={
            <Plural
              value={incidents.length}
              one="# incident is reported without a remark. Describe it in its remark so it can be assessed, or send it as it is."
              other="# incidents are reported without a remark. Describe them in their remarks so they can be assessed, or send them as they are."
            />
          }
          items={incidents.map((e) => ({
            key: e.tsId,
            target: { tsId: e.tsId },
            label: `${e.staName} (${e.staNumber}), ${e.tsParameter}`,
          }))}
          last={last}
          onConfirm={next}
          onCancel={onCancel}
        />
      );
    }
    case 'incompleteTour': {
      // §8 incomplete tour: obligatory stations without any reading, remark or task done
      const stations = findings.incompleteStations;
      return (
        <EntryListPrompt
          key={step}
          title={t`Incomplete round`}
          testId="incomplete-dialog"
          intro={
            <Plural
              value={stations.length}
              one="# station has not been measured:"
              other="# stations have not been measured:"
            />
          }
          items={stations.map((s) => ({
            key: s.staNumber,
            target: { staNumber: s.staNumber },
            label: `${s.staName} (${s.staNumber})`,
          }))}
          question={<Trans>Send the round without them?</Trans>}
          last={last}
          onConfirm={next}
          onCancel={onCancel}
        />
      );
    }
    default:
      return null;
  }
}
