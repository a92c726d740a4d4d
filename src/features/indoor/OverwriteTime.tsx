import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { DraftStore } from '../../db/draft-store';
import { planTimeOverwrite, timeNow, type TimeOverwrite } from '../../domain';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import type { OnChange } from './EntryRow';
import { buildRowModels, type RowContext } from './row-model';

/**
 * §5 "overwrite date/time": one time for the entries of the round (those with a value or remark, or all),
 * written to each entry's draft. An invalid time is reported and nothing changes; an empty input or an
 * entry that already has the time is skipped.
 */
export function OverwriteTime({ entries, store, ctx, onChange, disabled }: { entries: readonly MeasureRoundEntry[]; store: DraftStore; ctx: RowContext; onChange: OnChange; disabled: boolean }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [scope, setScope] = useState<'filled' | 'all'>('filled');
  const [result, setResult] = useState<TimeOverwrite | null>(null);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const rows = buildRowModels(entries, store.all(), ctx).filter((r) => scope === 'all' || r.hasContent);
    const plan = planTimeOverwrite(
      rows.map((r) => ({ tsId: r.entry.tsId, time: r.draft?.time ?? ctx.defaultTime })),
      ctx.date,
      typed,
    );
    if (plan.kind === 'done') await Promise.all(plan.changes.map((c) => onChange(c.tsId, { time: c.time })));
    setResult(plan);
  };

  const changed = result?.kind === 'done' ? result.changes.length : 0;
  const skipped = result?.kind === 'done' ? result.skipped : 0;
  return (
    <form onSubmit={(e) => void apply(e)} className="flex min-w-0 flex-wrap items-end gap-3" aria-label={t`Overwrite the time of the entries`}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t`Time for the entries`}
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh:mm"
          value={typed}
          disabled={disabled}
          aria-invalid={result?.kind === 'invalid' || undefined}
          aria-describedby="overwrite-time-result"
          onChange={(e) => setTyped(e.target.value)}
          className="min-h-11 w-24 rounded border border-slate-400 bg-white px-2 text-base font-normal tabular-nums aria-invalid:border-red-600 dark:bg-slate-900"
        />
      </label>
      <Button type="button" variant="secondary" disabled={disabled} onClick={() => setTyped(timeNow(new Date()))} title={t`Use the current time`}>
        <Trans>Now</Trans>
      </Button>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t`Which entries`}
        <select value={scope} disabled={disabled} onChange={(e) => setScope(e.target.value === 'all' ? 'all' : 'filled')} className="min-h-11 rounded border border-slate-400 bg-white px-2 text-base font-normal dark:bg-slate-900">
          <option value="filled">{t`Entries with a value or remark`}</option>
          <option value="all">{t`All entries`}</option>
        </select>
      </label>
      <Button type="submit" variant="secondary" disabled={disabled}>
        <Trans>Set time</Trans>
      </Button>
      <span id="overwrite-time-result" className="min-w-0 text-sm break-words" data-testid="overwrite-time-result">
        {result?.kind === 'invalid' && (
          <InlineError>
            <Trans>Overwriting the time failed: enter a time as hh:mm (24 h).</Trans>
          </InlineError>
        )}
        {result?.kind === 'done' && (
          <span role="status">
            <Plural value={changed} one="Time set for # entry" other="Time set for # entries" />
            {skipped > 0 && (
              <>
                {' '}
                (<Plural value={skipped} one="# unchanged" other="# unchanged" />)
              </>
            )}
          </span>
        )}
      </span>
    </form>
  );
}
