import { useState } from 'react';
import type { PreSubmitFindings, ConfirmationStep } from '../../../domain';
import { ImplausibleDialog } from './ImplausibleDialog';
import { IncidentsDialog } from './IncidentsDialog';
import { IncompleteTourDialog } from './IncompleteTourDialog';

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
    case 'incidents':
      return (
        <IncidentsDialog
          key={step}
          incidents={findings.unassessedIncidents}
          last={last}
          onConfirm={next}
          onCancel={onCancel}
        />
      );
    case 'incompleteTour':
      return (
        <IncompleteTourDialog
          key={step}
          stations={findings.incompleteStations}
          last={last}
          onConfirm={next}
          onCancel={onCancel}
        />
      );
    default:
      return null;
  }
}
