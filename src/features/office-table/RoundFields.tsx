import { useLingui } from '@lingui/react/macro';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { TextField } from '../readings/TextField';
import { LOADING_FIELD_CLASSES, ownedInputProps, useOwnedText } from '../readings/use-owned-text';
import { useRoundText } from './use-round-text';

const labelClass = 'flex min-w-0 flex-col gap-1 text-sm font-medium';

/** §3 round data: the team and the round remark, stored on the round's instance and sent with it. */
export function RoundFields({
  instance,
  ensureInstance,
  disabled,
}: {
  instance: OfflineInstanceDoc | null | undefined;
  ensureInstance: () => Promise<string>;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const team = useRoundText(instance, ensureInstance, 'mrTeam');
  const remark = useRoundText(instance, ensureInstance, 'mrRemark');
  const ownedRemark = useOwnedText(remark.stored, remark.write);
  return (
    <div className="grid min-w-0 gap-3 md:grid-cols-[minmax(12rem,1fr)_2fr]">
      <label className={labelClass}>
        {t`Team`}
        <TextField stored={team.stored} label={t`Team`} disabled={disabled} onStore={team.write} />
      </label>
      <label className={labelClass}>
        {t`Round remark`}
        <textarea
          aria-label={t`Round remark`}
          {...ownedInputProps(ownedRemark)}
          disabled={disabled}
          rows={1}
          className={`min-h-11 w-full rounded border border-slate-400 bg-white px-2 py-2 text-base font-normal dark:bg-slate-900 ${LOADING_FIELD_CLASSES}`}
        />
      </label>
    </div>
  );
}
