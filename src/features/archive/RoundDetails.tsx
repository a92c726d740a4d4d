import { appBase } from '../../app/base-url';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompletedEntry } from '../../../schemas/api';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { MezNote } from '../readings/MezNote';
import { useConfig } from '../../db/reference-hooks';
import { archiveImagesShown, displayableImageUrls, remarkForDisplay } from '../../domain';
import { RemarkMapLink } from '../remarks/RemarkLocation';
import { ArchiveImage } from './ArchiveImage';
import { DecisionLabel } from './DecisionLabel';
import { CorrectionNote, useCorrectedValues } from './CorrectionNote';
import { TaskTypeIcon } from '../tasks/TaskTypeIcon';

function entryImages(e: CompletedEntry): string[] {
  return [...(e.tsRemark?.images ?? []), ...(e.staRemark?.images ?? [])];
}

function TasksAndFacilities({ entry }: { entry: CompletedEntry }) {
  const tasks = entry.staTasks ?? [];
  const facilities = (entry.staFacilities ?? []).filter((f) => (f.action?.length ?? 0) > 0 || f.invalid);
  if (tasks.length === 0 && facilities.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-700 dark:text-slate-300">
      {tasks.map((task) => (
        <li key={task.taskId} data-testid="archive-task">
          <TaskTypeIcon taskType={task.taskType} className="mr-1 size-4 align-[-2px]" />
          <Trans>Task</Trans> {task.taskType}: {task.text}{' '}
          {task.taskDone ? <Trans>(done)</Trans> : <Trans>(open)</Trans>}
        </li>
      ))}
      {facilities.map((f) => (
        <li key={f.id ?? f.name} data-testid="archive-facility">
          <Trans>Facility</Trans> {f.name ?? f.number} {f.model ? `(${f.model})` : ''}: {(f.action ?? []).join(', ')}
          {f.invalid && (
            <>
              {' '}
              <Trans>out of service</Trans>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The value the correction holds where it differs from this round's (a correction's value shows where the value does). */
function CorrectedValue({
  value,
  corrected,
  unit,
}: {
  value: number | null | undefined;
  corrected: number | null | undefined;
  unit: string | null | undefined;
}) {
  const fmt = useLocaleFormat();
  if (corrected === undefined || corrected === value) return null;
  const shown = `${fmt.number(corrected)} ${unit ?? ''}`.trim();
  return (
    <div className="text-xs font-medium text-violet-800 dark:text-violet-300" data-testid="corrected-value">
      <Trans>corrected: {shown}</Trans>
    </div>
  );
}

/** The entry's and the station's remark; a location (§3 Remark) is a map link rather than `geo:` text. */
function EntryRemarks({ entry }: { entry: CompletedEntry }) {
  const remarks = [remarkForDisplay(entry.tsRemark), remarkForDisplay(entry.staRemark)];
  return (
    <>
      {remarks
        .map((r) => r.text)
        .filter(Boolean)
        .join(' · ')}
      {remarks.map((r, i) => r.location && <RemarkMapLink key={i} location={r.location} />)}
    </>
  );
}

/** §3 Remark.imageURLs of the entry's remarks: each image as a thumbnail linking to the full image. */
function RemarkImageLinks({ entry }: { entry: CompletedEntry }) {
  const { t } = useLingui();
  const urls = displayableImageUrls([entry.tsRemark, entry.staRemark], appBase());
  if (urls.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t`Images of the remark`}>
      {urls.map((url, i) => (
        <li key={url}>
          <a
            href={url}
            target="_blank"
            rel="noreferrer noopener"
            className="block underline"
            data-testid="remark-image-url"
          >
            <img src={url} alt={t`Image ${i + 1} of the remark`} loading="lazy" className="h-16 w-auto rounded" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Everything recorded for a completed round (§3 CompletedMeasureRound): times, teams and deciders, every
 * entry with time, value, remarks, decisions, tasks and facilities; images only for rounds submitted within
 * the configured showArchiveImages days (§9).
 */
export function RoundDetails({ round }: { round: CompletedRoundDoc }) {
  const { t } = useLingui();
  const fmt = useLocaleFormat();
  const config = useConfig();
  const corrected = useCorrectedValues(round);
  const showImages = archiveImagesShown(round.submissionTime, config.showArchiveImages, new Date());
  const when = fmt.dateTime;
  const decider = (time: string | null | undefined, team: string | null | undefined, user: string | null | undefined) =>
    [when(time), team, user ? `(${user})` : undefined].filter((x) => x && x.trim() !== '').join(' ') || '–';
  const facts: [string, string, string][] = [
    [t`Team`, round.mrTeam ?? '–', 'team'],
    [t`Round remark`, round.mrRemark ?? '–', 'remark'],
    [t`Created`, when(round.creationTime) || '–', 'created'],
    [t`Submitted`, when(round.submissionTime) || '–', 'submitted'],
    [t`Decision 1`, decider(round.decision1Time, round.decision1Team, round.decision1User), 'decision1'],
    [t`Decision 2`, decider(round.decision2Time, round.decision2Team, round.decision2User), 'decision2'],
    [t`Completed`, when(round.completionTime) || '–', 'completed'],
  ];
  return (
    <div className="space-y-3">
      <CorrectionNote round={round} />
      <MezNote />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([k, v, id]) => (
          <div key={id} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap" data-testid={`fact-${id}`}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" aria-label={t`Entries`}>
          <thead className="bg-slate-100 text-left dark:bg-slate-900">
            <tr>
              <th className="p-2">
                <Trans>Station</Trans>
              </th>
              <th className="p-2">
                <Trans>Time</Trans>
              </th>
              <th className="p-2">
                <Trans>Value</Trans>
              </th>
              <th className="p-2">
                <Trans>Remark</Trans>
              </th>
              <th className="p-2">
                <Trans>Decisions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {round.entries.map((e) => {
              const images = showImages ? entryImages(e) : [];
              return (
                <tr
                  key={`${e.tsId}-${e.dt}`}
                  className="border-t border-slate-200 align-top break-inside-avoid dark:border-slate-800"
                >
                  <td className="p-2">
                    {e.staName} ({e.staNumber}) · {e.tsParameter}
                    <TasksAndFacilities entry={e} />
                  </td>
                  <td className="p-2 tabular-nums">{e.dt ? when(e.dt) : ''}</td>
                  <td className="p-2 tabular-nums" data-testid="entry-value">
                    {fmt.number(e.value)} {e.tsUnit}
                    {e.valueAfter !== undefined && e.valueAfter !== null && <> / {fmt.number(e.valueAfter)}</>}
                    <CorrectedValue
                      value={e.value}
                      corrected={corrected.get(`${e.tsId}|${e.dt ? Date.parse(e.dt) : ''}`)}
                      unit={e.tsUnit}
                    />
                  </td>
                  <td className="p-2">
                    <EntryRemarks entry={e} />
                    {images.length > 0 && (
                      <div className="mt-1 flex flex-wrap gap-1">
                        {images.map((id) => (
                          <ArchiveImage key={id} instanceId={round.instanceId} imageId={id} />
                        ))}
                      </div>
                    )}
                    {showImages && <RemarkImageLinks entry={e} />}
                  </td>
                  <td className="p-2" data-testid="entry-decisions">
                    {e.decision1Value && (
                      <div>
                        1: <DecisionLabel value={e.decision1Value} /> {e.decision1Remark}
                      </div>
                    )}
                    {e.decision2Value && (
                      <div>
                        2: <DecisionLabel value={e.decision2Value} /> {e.decision2Remark}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
