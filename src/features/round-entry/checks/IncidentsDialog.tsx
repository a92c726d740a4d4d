import { Plural, useLingui } from '@lingui/react/macro';
import type { MeasureRoundEntry } from '../../../../schemas/api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EntryLink } from './EntryLink';

/**
 * §8 prompt "unassessed incidents": incidents reported without a remark or photo (see
 * `isUnassessedIncident`). The deciders assess them later and need the observer's description.
 */
export function IncidentsDialog({
  incidents,
  last,
  onConfirm,
  onCancel,
}: {
  incidents: MeasureRoundEntry[];
  last: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      title={t`Unassessed incidents`}
      confirmLabel={last ? t`Send` : t`Continue`}
      cancelLabel={t`Cancel`}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="incidents-dialog"
    >
      <p className="mb-2">
        <Plural
          value={incidents.length}
          one="# incident is reported without a remark. Describe it in its remark so it can be assessed, or send it as it is."
          other="# incidents are reported without a remark. Describe them in their remarks so they can be assessed, or send them as they are."
        />
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {incidents.map((e) => (
          <li key={e.tsId}>
            <EntryLink target={{ tsId: e.tsId }} before={onCancel}>
              {e.staName} ({e.staNumber}), {e.tsParameter}
            </EntryLink>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
