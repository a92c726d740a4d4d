import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type KeyboardEvent } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import { useDraft, type DraftStore } from '../../db/draft-store';
import { Icon } from '../../ui/Icon';
import { ReadingInput } from '../readings/ReadingInput';
import { useCalculatedValue } from '../readings/use-calculated-value';
import { PlausibilityMessage, UnusualMessage } from './PlausibilityMessage';
import { buildRow, type RowContext, type RowModel } from './row-model';
import { useDraftsLoaded, useRefusalOf } from './refusal-context';
import { RefusalText } from '../../app/RefusalText';
import { refusedField } from '../../domain/submit-refusal';
import { rowHeld } from '../../domain/refusal-rows';

/** The id of what a row says about its entry: the value's and the time's aria-describedby point at it. */
export const entryMessageId = (tsId: string): string => `err-${tsId}`;

/** An entry's draft and the row model derived from it (status, plausibility, remark lock), for any layout. */
export function useEntryRow(entry: MeasureRoundEntry, store: DraftStore, ctx: RowContext, mrId: string): RowModel {
  const draft = useDraft(store, entry.tsId);
  const calculated = useCalculatedValue(entry, store, mrId);
  return useMemo(() => buildRow(entry, draft, ctx, calculated), [entry, draft, ctx, calculated]);
}

/**
 * Shown once the typed text is in IndexedDB: from then on a closed tab or a crash cannot lose it. Beside a
 * warning it is a grey word, no ✓: a green ✓ next to "implausible" read as "plausible".
 */
function SavedMark({ warned }: { warned: boolean }) {
  const { t } = useLingui();
  return (
    <span
      className={`mr-1 inline-flex items-center ${warned ? 'text-slate-600 dark:text-slate-400' : 'text-green-700 dark:text-green-400'}`}
      title={t`Saved on this device`}
      data-saved-mark={warned ? 'neutral' : 'ok'}
    >
      {warned ? (
        <span aria-hidden="true">{t`Saved;`}</span>
      ) : (
        <Icon name="check" className="size-3.5 [stroke-width:3]" />
      )}
      <span className="sr-only">{t`Saved on this device`}</span>
    </span>
  );
}

/**
 * The value of an entry with what the table says about it (saved, not a number, plausibility): the one
 * input widget of its type, shared by the table row and the tour's station card.
 */
export function EntryValue({
  row,
  store,
  mrId,
  label,
  disabled,
  onStore,
  onKeyDown,
}: {
  row: RowModel;
  store: DraftStore;
  mrId: string;
  label: string;
  disabled: boolean;
  onStore: (patch: DraftPatch) => Promise<void>;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const errorId = entryMessageId(row.entry.tsId);
  const saved = (row.draft?.text ?? '') !== '' && !row.invalid;
  const warned = row.plausibility !== undefined || row.unusual !== undefined;
  // the server refused the last submission for this entry: said here until the user edits the round, and marked
  // on the value unless it concerns the row's time (EntryTime marks that); of a series and its copies, only on
  // the rows that hold the refused value or time
  const loaded = useDraftsLoaded(store);
  const refusal = useRefusalOf(row.entry.tsId, () =>
    loaded ? rowHeld(row.dt, { text: row.draft?.text, valueAfterText: row.draft?.valueAfterText }) : undefined,
  );
  const valueRefused = refusal !== undefined && refusedField(refusal) === 'value';
  return (
    <div className="flex flex-wrap items-center gap-x-1">
      <ReadingInput
        entry={row.entry}
        draft={row.draft}
        store={store}
        mrId={mrId}
        label={label}
        invalid={row.invalid || valueRefused}
        describedBy={row.invalid || warned || valueRefused ? errorId : undefined}
        disabled={disabled}
        onKeyDown={onKeyDown}
        onStore={onStore}
      />
      {/* only when it says something: an empty box in each of a table's rows is an element for nothing */}
      {(saved || row.invalid || warned || refusal) && (
        <div id={errorId} className="min-w-0 text-xs [overflow-wrap:anywhere]">
          {saved && <SavedMark warned={warned} />}
          {row.invalid && (
            <span className="text-red-700 dark:text-red-300">
              <Trans>Enter a number, a dash or nothing.</Trans>
            </span>
          )}
          {row.plausibility && <PlausibilityMessage result={row.plausibility} />}
          {row.unusual && <UnusualMessage finding={row.unusual} />}
          {refusal && (
            <span className="block font-semibold text-red-700 dark:text-red-300" data-testid="refused-value">
              <RefusalText refusal={refusal} withEntry={false} />
            </span>
          )}
        </div>
      )}
    </div>
  );
}
