import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { useDb } from '../../db/db-context';
import type { DraftStore } from '../../db/draft-store';
import { moveInstanceToDate } from '../../db/instance-date';
import {
  DATE_INPUT_FORMATS,
  formatLocaleDate,
  planDateTimeOverwrite,
  timeNow,
  toFormatLocale,
  type DateTimeOverwrite,
} from '../../domain';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import type { OnChange } from './entry-types';
import { buildRowModels, type RowContext } from './row-model';

type Outcome = DateTimeOverwrite | { kind: 'taken'; date: string };

/**
 * §5 "overwrite date/time": a date moves the round (its unsent instance with every draft) to that day and the
 * table follows; a time is written to the entries of the round (those with a value or remark, or all). An
 * invalid date or time is reported and nothing changes; an empty input or an unchanged one is skipped.
 */
export function OverwriteTime({
  entries,
  store,
  ctx,
  onChange,
  disabled,
  group,
  instanceId,
  ensureInstance,
}: {
  entries: readonly MeasureRoundEntry[];
  store: DraftStore;
  ctx: RowContext;
  onChange: OnChange;
  disabled: boolean;
  group?: string;
  instanceId?: string | undefined;
  ensureInstance?: () => Promise<string>;
}) {
  // the tour sets one time for its entries; moving a round to another day is the table's (its URL holds the day)
  const canMoveDate = group !== undefined && ensureInstance !== undefined;
  const { t, i18n } = useLingui();
  const db = useDb();
  const navigate = useNavigate();
  const locale = toFormatLocale(i18n.locale);
  const [typedDate, setTypedDate] = useState('');
  const [typed, setTyped] = useState('');
  const [scope, setScope] = useState<'filled' | 'all'>('filled');
  const [result, setResult] = useState<Outcome | null>(null);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const rows = buildRowModels(entries, store.all(), ctx).filter((r) => scope === 'all' || r.hasContent);
    const plan = planDateTimeOverwrite(
      rows.map((r) => ({ tsId: r.entry.tsId, time: r.draft?.time ?? ctx.defaultTime })),
      ctx.date,
      { date: canMoveDate ? typedDate : '', time: typed },
      locale,
      ctx.zone,
    );
    if (
      plan.kind === 'done' &&
      plan.date &&
      instanceId &&
      (await moveInstanceToDate(db, instanceId, plan.date, { dryRun: true })).kind === 'taken'
    ) {
      setResult({ kind: 'taken', date: plan.date });
      return;
    }
    // the times first: once the instance has moved, this table's day no longer has it
    if (plan.kind === 'done') await Promise.all(plan.changes.map((c) => onChange(c.tsId, { time: c.time })));
    // a round with nothing typed yet has no instance: the changed times made one, which moves along
    const id =
      instanceId ??
      (canMoveDate && plan.kind === 'done' && plan.changes.length > 0 ? await ensureInstance() : undefined);
    if (
      canMoveDate &&
      plan.kind === 'done' &&
      plan.date &&
      id &&
      (await moveInstanceToDate(db, id, plan.date)).kind === 'taken'
    ) {
      setResult({ kind: 'taken', date: plan.date });
      return;
    }
    setResult(plan);
    if (group !== undefined && plan.kind === 'done' && plan.date) {
      setTypedDate('');
      await navigate({ to: '/stations/$group/$date', params: { group, date: plan.date }, replace: true });
    }
  };

  const changed = result?.kind === 'done' ? result.changes.length : 0;
  const skipped = result?.kind === 'done' ? result.skipped : 0;
  const movedTo = result?.kind === 'done' && result.date ? formatLocaleDate(result.date, locale) : undefined;
  const pattern = DATE_INPUT_FORMATS[locale].toLowerCase();
  return (
    <form
      onSubmit={(e) => void apply(e)}
      className="flex min-w-0 flex-wrap items-end gap-3"
      aria-label={t`Overwrite date and time of the entries`}
    >
      {canMoveDate && (
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t`Date for the entries`}
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={pattern}
            value={typedDate}
            disabled={disabled}
            aria-invalid={(result?.kind === 'invalid' && result.field === 'date') || undefined}
            aria-describedby="overwrite-time-result"
            onChange={(e) => setTypedDate(e.target.value)}
            className="min-h-11 w-32 rounded border border-slate-400 bg-white px-2 text-base font-normal tabular-nums aria-invalid:border-red-600 dark:bg-slate-900"
          />
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t`Time for the entries`}
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh:mm"
          value={typed}
          disabled={disabled}
          aria-invalid={(result?.kind === 'invalid' && result.field === 'time') || undefined}
          aria-describedby="overwrite-time-result"
          onChange={(e) => setTyped(e.target.value)}
          className="min-h-11 w-24 rounded border border-slate-400 bg-white px-2 text-base font-normal tabular-nums aria-invalid:border-red-600 dark:bg-slate-900"
        />
      </label>
      <Button
        type="button"
        variant="secondary"
        disabled={disabled}
        onClick={() => setTyped(timeNow(new Date(), ctx.zone))}
        title={t`Use the current time`}
      >
        <Trans>Now</Trans>
      </Button>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t`Which entries`}
        <select
          value={scope}
          disabled={disabled}
          onChange={(e) => setScope(e.target.value === 'all' ? 'all' : 'filled')}
          className="min-h-11 rounded border border-slate-400 bg-white px-2 text-base font-normal dark:bg-slate-900"
        >
          <option value="filled">{t`Entries with a value or remark`}</option>
          <option value="all">{t`All entries`}</option>
        </select>
      </label>
      <Button type="submit" variant="secondary" disabled={disabled}>
        <Trans>Set date and time</Trans>
      </Button>
      <span id="overwrite-time-result" className="min-w-0 text-sm break-words" data-testid="overwrite-time-result">
        {result?.kind === 'invalid' && result.field === 'time' && (
          <InlineError>
            <Trans>Overwriting the time failed: enter a time as hh:mm (24 h).</Trans>
          </InlineError>
        )}
        {result?.kind === 'invalid' && result.field === 'date' && (
          <InlineError>
            <Trans>Overwriting the date failed: enter a date as {pattern}.</Trans>
          </InlineError>
        )}
        {result?.kind === 'taken' && (
          <InlineError>
            <Trans>
              The round already has unsent entries on {formatLocaleDate(result.date, locale)}: the date was not changed.
            </Trans>
          </InlineError>
        )}
        {result?.kind === 'done' && (
          <span role="status">
            {movedTo && (
              <>
                <Trans>Date set to {movedTo}.</Trans>{' '}
              </>
            )}
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
