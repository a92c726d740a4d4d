import { Trans } from '@lingui/react/macro';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import type { DraftStore } from '../../db/draft-store';
import type { OnChange } from '../round-entry/entry-types';
import { OverwriteTime } from '../round-entry/OverwriteTime';
import type { RowContext } from '../round-entry/row-model';
import { RoundFields } from './RoundFields';

/** Data of the whole round above the table: team, round remark, and one date and time for all entries. */
export function RoundData(props: {
  entries: readonly MeasureRoundEntry[];
  instance: OfflineInstanceDoc | null | undefined;
  ensureInstance: () => Promise<string>;
  group: string;
  store: DraftStore;
  ctx: RowContext;
  onChange: OnChange;
  disabled: boolean;
}) {
  return (
    <div className="min-w-0 space-y-2 rounded border border-slate-200 p-3 dark:border-slate-800">
      <RoundFields instance={props.instance} ensureInstance={props.ensureInstance} disabled={props.disabled} />
      <details>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">
          <Trans>Set date and time for the entries</Trans>
        </summary>
        <OverwriteTime
          entries={props.entries}
          store={props.store}
          ctx={props.ctx}
          onChange={props.onChange}
          disabled={props.disabled}
          group={props.group}
          instanceId={props.instance?.instanceId}
          ensureInstance={props.ensureInstance}
        />
      </details>
    </div>
  );
}
