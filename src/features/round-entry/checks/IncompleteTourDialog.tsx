import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { StationRef } from '../../../domain';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EntryLink } from './EntryLink';

/** §8 prompt "incomplete tour": obligatory stations without any reading, remark or task done. */
export function IncompleteTourDialog({
  stations,
  last,
  onConfirm,
  onCancel,
}: {
  stations: StationRef[];
  last: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      title={t`Incomplete round`}
      confirmLabel={last ? t`Send` : t`Continue`}
      cancelLabel={t`Cancel`}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="incomplete-dialog"
    >
      <p className="mb-2">
        <Plural
          value={stations.length}
          one="# station has not been measured:"
          other="# stations have not been measured:"
        />
      </p>
      <ul className="mb-2 max-h-60 list-disc space-y-1 overflow-y-auto pl-5">
        {stations.map((s) => (
          <li key={s.staNumber}>
            <EntryLink target={{ staNumber: s.staNumber }} before={onCancel}>
              {s.staName} ({s.staNumber})
            </EntryLink>
          </li>
        ))}
      </ul>
      <p>
        <Trans>Send the round without them?</Trans>
      </p>
    </ConfirmDialog>
  );
}
