import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateField } from '../readings/DateField';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { RxDocument } from 'rxdb';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import { useConfig, useReadConfig, useReferenceRead, useServerInfo } from '../../db/reference-hooks';
import {
  ARCHIVE_STATES,
  archiveGroup,
  awaitingDecisionOf,
  filterArchive,
  openIncidents,
  type ArchiveFilter,
  type DecisionStage,
} from '../../domain';
import { useRefusedDecisions } from '../decisions/decision-store';
import { keepArchiveFilter, useKeptScroll, useKeptSelection } from './kept-alive';
import { PdfButton } from './PdfButton';
import { RoundState, useStateLabel } from './round-state';

const field = 'min-h-11 rounded border border-slate-400 bg-white px-2 text-base dark:bg-slate-900';
const labelClass = 'flex flex-col gap-1 text-sm font-medium';

function Filters({
  filter,
  groups,
  onChange,
}: {
  filter: ArchiveFilter;
  groups: string[];
  onChange(f: ArchiveFilter): void;
}) {
  const { t } = useLingui();
  const stateLabel = useStateLabel();
  const set = (patch: Partial<ArchiveFilter>) =>
    onChange(
      Object.fromEntries(Object.entries({ ...filter, ...patch }).filter(([, v]) => v !== undefined && v !== '')),
    );
  return (
    <form
      role="search"
      aria-label={t`Filter the archive`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className={labelClass}>
        <Trans>Group</Trans>
        <select
          className={field}
          value={filter.group ?? ''}
          onChange={(e) => set({ group: e.target.value || undefined })}
        >
          <option value="">{t`All groups`}</option>
          {groups.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        <Trans>Submitted from</Trans>
        <DateField
          label={t`Submitted from`}
          value={filter.from ?? ''}
          onChange={(iso) => set({ from: iso || undefined })}
        />
      </label>
      <label className={labelClass}>
        <Trans>Submitted until</Trans>
        <DateField
          label={t`Submitted until`}
          value={filter.to ?? ''}
          onChange={(iso) => set({ to: iso || undefined })}
        />
      </label>
      <label className={labelClass}>
        <Trans>State</Trans>
        <select
          className={field}
          value={filter.state ?? ''}
          onChange={(e) =>
            set({
              state: (ARCHIVE_STATES as readonly string[]).includes(e.target.value)
                ? (e.target.value as ArchiveFilter['state'])
                : undefined,
            })
          }
        >
          <option value="">{t`All states`}</option>
          {ARCHIVE_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-6"
          checked={filter.mine === true}
          onChange={(e) => set({ mine: e.target.checked ? true : undefined })}
        />
        <Trans>Only rounds awaiting my decision</Trans>
      </label>
      {/* the filters apply as they change; the submit button is for those who expect one (WCAG H32), and Enter */}
      <button
        type="submit"
        className="min-h-11 rounded border border-slate-500 bg-white px-3 font-medium text-slate-900 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Trans>Apply filters</Trans>
      </button>
      {Object.keys(filter).length > 0 && (
        <button
          type="button"
          className="min-h-11 rounded px-3 text-sky-700 underline dark:text-sky-300"
          onClick={() => onChange({})}
        >
          <Trans>Clear filters</Trans>
        </button>
      )}
    </form>
  );
}

/** Open incidents as words, so the phone's stacked rows (no column heads) still say what the number is. */
function IncidentCount({ count }: { count: number }) {
  const { t } = useLingui();
  if (count === 0) return <span className="text-slate-600 dark:text-slate-400">{t`no open incident`}</span>;
  return (
    <span className="font-semibold text-amber-900 dark:text-amber-300">
      {t({ message: plural(count, { one: '# open incident', other: '# open incidents' }) })}
    </span>
  );
}

/** The row's mark for a round this user is to decide (issue 24: deciders see at once what waits for them). */
function AwaitingMark({ stage }: { stage: DecisionStage | undefined }) {
  if (stage === undefined) return null;
  return (
    <span
      className="mt-1 block w-fit rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-300"
      data-testid="awaiting-my-decision"
    >
      {stage === 1 ? <Trans>Awaiting your decision 1</Trans> : <Trans>Awaiting your decision 2</Trans>}
    </span>
  );
}

/** completedMeasureRoundList (§2): completed rounds from the local copy, newest first, filtered. */
export function ArchiveList() {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const db = useDb();
  const navigate = useNavigate({ from: '/archive' });
  const filter = useSearch({ from: '/archive' });
  const [selected, setSelected] = useKeptSelection();
  // undefined until read: a first [] said "No completed rounds on this device yet" above the rounds stored here
  const stored = useObservable<RxDocument<CompletedRoundDoc>[] | undefined>(
    () => db.completedRounds.find({ sort: [{ submissionTime: 'desc' }] }).$,
    undefined,
    [db],
  );
  const rounds = useMemo(() => stored ?? [], [stored]);
  const roles = useServerInfo()?.roles;
  const { product } = useConfig();
  const rolesRead = useReferenceRead('serverInfo');
  const configRead = useReadConfig() !== undefined;
  // §2 "kept alive when navigating away": the filters live in the URL and are kept (kept-alive.ts), so the navbar's
  // plain /archive link (g a) comes back to the list as it was left
  const setFilter = (f: ArchiveFilter) => {
    keepArchiveFilter(f);
    void navigate({ search: f, replace: true });
  };
  const groups = useMemo(() => [...new Set(rounds.map(archiveGroup))].sort((a, b) => a.localeCompare(b)), [rounds]);
  const refused = useRefusedDecisions();
  const awaiting = useMemo(
    () => new Map(rounds.map((r) => [r.instanceId, refused && awaitingDecisionOf(r, roles, product, refused)])),
    [rounds, roles, product, refused],
  );
  const shown = useMemo(
    () => filterArchive(rounds, filter).filter((r) => !filter.mine || awaiting.get(r.instanceId) !== undefined),
    [rounds, filter, awaiting],
  );
  // "only mine" also needs the roles, the config's product and the refusals: before them no round was the user's
  const listed = stored !== undefined && (!filter.mine || (refused !== undefined && rolesRead && configRead));
  useKeptScroll(listed && shown.length > 0, '/archive');
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const decided = (
    time: string | null | undefined,
    team: string | null | undefined,
    user: string | null | undefined,
  ) => (time ? `${fmt.dateTime(time)}${team ? ` · ${team}` : ''}${user ? ` (${user})` : ''}` : '–');
  return (
    <section aria-labelledby="archive-heading" className="space-y-3">
      <h1 id="archive-heading" className="text-2xl font-semibold">
        <Trans>Archive</Trans>
      </h1>
      <Filters filter={filter} groups={groups} onChange={setFilter} />
      {selected.length > 0 && (
        <Link
          to="/archive/report/$instanceIds"
          params={{ instanceIds: selected.join('+') }}
          className="inline-flex min-h-11 items-center rounded bg-sky-700 px-4 font-semibold text-white hover:bg-sky-800"
        >
          <Trans>Report of {selected.length} selected rounds</Trans>
        </Link>
      )}
      {!listed ? (
        // the size of the one-line box below, saying nothing until the rounds are read
        <div aria-busy="true" data-testid="archive-reading" className="min-h-14" />
      ) : shown.length === 0 ? (
        <p className="rounded border border-dashed border-slate-400 p-4">
          {rounds.length === 0 ? (
            <Trans>No completed rounds on this device yet.</Trans>
          ) : (
            <Trans>No round matches the filters.</Trans>
          )}
        </p>
      ) : (
        <table className="w-full border-collapse text-sm" aria-label={t`Completed rounds`}>
          <thead className="bg-slate-100 text-left max-md:hidden dark:bg-slate-900">
            <tr>
              <th className="p-2">
                <span className="sr-only">
                  <Trans>Select for the report</Trans>
                </span>
              </th>
              <th className="p-2">
                <Trans>Round</Trans>
              </th>
              <th className="p-2">
                <Trans>Submitted</Trans>
              </th>
              <th className="p-2">
                <Trans>Team</Trans>
              </th>
              <th className="p-2">
                <Trans>State</Trans>
              </th>
              <th className="p-2">
                <Trans>Open incidents</Trans>
              </th>
              <th className="p-2">
                <Trans>Decision 1</Trans>
              </th>
              <th className="p-2">
                <Trans>Decision 2</Trans>
              </th>
              <th className="p-2">
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.instanceId}
                className="border-t border-slate-200 max-md:grid max-md:grid-cols-2 dark:border-slate-800"
              >
                <td className="p-2">
                  <input
                    type="checkbox"
                    className="size-6"
                    aria-label={t`Select ${r.mrName} for the report`}
                    checked={selected.includes(r.instanceId)}
                    onChange={() => toggle(r.instanceId)}
                  />
                </td>
                <td className="p-2">
                  <Link
                    to="/archive/$instanceId"
                    params={{ instanceId: r.instanceId }}
                    className="font-medium text-sky-700 underline dark:text-sky-300"
                  >
                    {r.mrName}
                  </Link>
                  {r.correctedBy && (
                    <span className="ml-2 text-xs text-violet-800 dark:text-violet-300" data-testid="list-corrected">
                      <Trans>corrected</Trans>
                    </span>
                  )}
                  {r.corrects && (
                    <span className="ml-2 text-xs text-violet-800 dark:text-violet-300" data-testid="list-correction">
                      <Trans>correction</Trans>
                    </span>
                  )}
                  <AwaitingMark stage={awaiting.get(r.instanceId)} />
                </td>
                <td className="p-2 tabular-nums" data-testid="submission-time">
                  {fmt.dateTime(r.submissionTime)}
                </td>
                <td className="p-2">{r.mrTeam ?? '–'}</td>
                <td className="p-2" data-testid="round-state">
                  <RoundState round={r} />
                </td>
                <td className="p-2 tabular-nums" data-testid="open-incidents">
                  <IncidentCount count={openIncidents(r)} />
                </td>
                <td className="p-2" data-testid="decision1">
                  {decided(r.decision1Time, r.decision1Team, r.decision1User)}
                </td>
                <td className="p-2" data-testid="decision2">
                  {decided(r.decision2Time, r.decision2Team, r.decision2User)}
                </td>
                <td className="p-2">
                  <PdfButton instanceId={r.instanceId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
