import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DraftStore } from '../../db/draft-store';
import { parseTimeInput, planStationCopy } from '../../domain';
import { InlineError } from '../../ui/InlineError';
import { TimeField } from '../readings/TimeField';
import type { OnChange } from './entry-types';
import type { StationGroup } from './row-model';
import { copyTsId, nextCopyNumber, type CopyRef } from '../../domain/station-copies';

/** Focuses the first value of a new copy once its rows are rendered (they follow the database emission). */
function focusWhenRendered(tsId: string, tries = 20) {
  const input = document.querySelector<HTMLElement>(`tr[data-tsid="${CSS.escape(tsId)}"] [data-col="value"] input`);
  if (input) input.focus();
  else if (tries > 0) setTimeout(() => focusWhenRendered(tsId, tries - 1), 50);
}

/**
 * §5 "Station duplication needs a date/time", §8 "cannot duplicate station without date": asks for the
 * time of a second reading and adds a copy of the station's rows at that time.
 */
export function DuplicateStation({
  station,
  copies,
  store,
  defaultTime,
  disabled,
  onChange,
  onDone,
}: {
  station: StationGroup;
  copies: readonly CopyRef[];
  store: DraftStore;
  defaultTime: string;
  disabled: boolean;
  onChange: OnChange;
  onDone(): void;
}) {
  const { t } = useLingui();
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = station.title;

  const add = async () => {
    const taken = [
      ...station.entries.map((e) => store.get(e.tsId)?.time ?? defaultTime),
      ...copies.map((c) => store.get(c.tsId)?.time ?? ''),
    ];
    const plan = planStationCopy(parseTimeInput(time), taken);
    if ('error' in plan) {
      const parsed = 'time' in plan ? plan.time : '';
      setError(
        plan.error === 'timeTaken'
          ? t`The station already has a reading at ${parsed}; choose another time.`
          : t`Cannot duplicate the station without a date/time: enter the time of the second reading.`,
      );
      return;
    }
    const parsed = plan.time;
    setError(null);
    const n = nextCopyNumber(
      station.entries.map((e) => e.tsId),
      copies,
    );
    await Promise.all(station.entries.map((e) => onChange(copyTsId(e.tsId, n), { copyOf: e.tsId, time: parsed })));
    onDone();
    const first = station.entries[0];
    if (first) focusWhenRendered(copyTsId(first.tsId, n));
  };

  return (
    <form
      className="flex flex-wrap items-start gap-2 text-sm"
      aria-label={t`Duplicate station ${title}`}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <p className="basis-full text-slate-700 dark:text-slate-300">
        <Trans>A copy of the station's rows takes a second reading at another time.</Trans>
      </p>
      <TimeField
        stored={time}
        label={t`Time of the copy of ${title}`}
        nowName={t`new copy of ${title}`}
        disabled={disabled}
        onStore={(v) => setTime(v)}
      />
      <button
        type="submit"
        disabled={disabled}
        className="min-h-11 rounded bg-sky-700 px-3 font-semibold text-white hover:bg-sky-800 disabled:bg-slate-400"
      >
        <Trans>Add copy</Trans>
      </button>
      {error && (
        <span className="basis-full">
          <InlineError>{error}</InlineError>
        </span>
      )}
    </form>
  );
}
