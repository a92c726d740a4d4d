import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import { useDraft, type DraftStore } from '../../db/draft-store';
import { Icon } from '../../ui/Icon';
import { TextField } from '../readings/TextField';
import type { OnChange } from './entry-types';
import { formatDateTime } from './history-format';
import type { StationGroup } from './row-model';
import type { Density } from './use-density';
import type { StationPanel } from '../../domain/station-panels';

/** A count of zero, dimmed by colour with 4.5:1 contrast kept in light and dark (60 % opacity fell below it). */
const ZERO_COUNT = 'font-normal text-slate-600 dark:text-slate-300';

export interface StationHeaderProps {
  station: StationGroup;
  density: Density;
  store: DraftStore;
  disabled: boolean;
  onChange: OnChange;
  taskCount: number;
  facilityCount: number;
  panel: StationPanel | null;
  onPanel(panel: StationPanel): void;
  /** the panels offered (config postStationTasks / postStationFacilities may take the editors away) */
  panels: readonly StationPanel[];
}

const ICON_BUTTON =
  'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-0.5 rounded border px-1 text-xs font-medium';
const idle =
  'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800';
const active = 'border-sky-700 bg-sky-100 text-sky-900 dark:border-sky-400 dark:bg-sky-900 dark:text-sky-100';

/** Historic station remarks (§3 staRemarks), newest first. */
function HistoricStationRemarks({ remarks }: { remarks: NonNullable<MeasureRoundEntry['staRemarks']> }) {
  const { i18n } = useLingui();
  return (
    <ul
      className="mt-0.5 space-y-0.5 text-xs font-normal text-slate-600 dark:text-slate-400"
      data-testid="historic-station-remarks"
    >
      {[...remarks].reverse().map((r) => (
        <li key={`${r.dt}-${r.text}`} className="[overflow-wrap:anywhere]">
          <span className="tabular-nums">{formatDateTime(r.dt, i18n.locale)}</span>: {r.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The station cell of the table: ordinal and title, the station remark (§3 staRemark, stored on the
 * station's first entry), historic station remarks, and the count buttons that open the station's tasks,
 * facilities and the duplication form below its rows.
 */
export function StationHeader({
  station,
  density,
  store,
  disabled,
  onChange,
  taskCount,
  facilityCount,
  panel,
  onPanel,
  panels,
}: StationHeaderProps) {
  const { t } = useLingui();
  const first = station.entries[0];
  const draft = useDraft(store, first?.tsId ?? '');
  const stored = draft?.staRemark ?? '';
  const historic = first?.staRemarks ?? [];
  const [remarkOpen, setRemarkOpen] = useState(false);
  const remarkBox = useRef<HTMLDivElement>(null);
  const focusRemark = useRef(false);
  const showRemark = density === 'full' || remarkOpen || stored !== '';
  const title = station.title;

  useEffect(() => {
    if (remarkOpen && focusRemark.current) {
      focusRemark.current = false;
      remarkBox.current?.querySelector('input')?.focus();
    }
  }, [remarkOpen]);

  const panelButton = (kind: StationPanel, content: ReactNode, label: string) => (
    <button
      type="button"
      aria-expanded={panel === kind}
      aria-controls={panel === kind ? `station-panel-${station.staNumber}` : undefined}
      onClick={() => onPanel(kind)}
      aria-label={label}
      title={label}
      className={`${ICON_BUTTON} ${panel === kind ? active : idle}`}
    >
      {content}
    </button>
  );

  return (
    <div className="min-w-0">
      <div className="flex min-w-0 flex-wrap items-center gap-1">
        <span className={`min-w-0 ${density === 'compact' ? 'lg:flex-1 lg:truncate' : 'flex-1'}`} title={title}>
          {station.ordinal && (
            <span className="mr-1 text-slate-600 dark:text-slate-400 tabular-nums">{station.ordinal}</span>
          )}
          {title}
          {!station.obligatory && (
            <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-400">
              (<Trans>optional</Trans>)
            </span>
          )}
        </span>
        <span className="flex shrink-0 items-center gap-0.5 font-normal">
          {panels.includes('tasks') &&
            panelButton(
              'tasks',
              <>
                <Icon name="tasks" className="size-4" />
                <span className={`tabular-nums ${taskCount === 0 ? ZERO_COUNT : ''}`}>{taskCount}</span>
              </>,
              t({ message: plural(taskCount, { one: `# task at ${title}`, other: `# tasks at ${title}` }) }),
            )}
          {panels.includes('facilities') &&
            panelButton(
              'facilities',
              <>
                <Icon name="facilities" className="size-4" />
                <span className={`tabular-nums ${facilityCount === 0 ? ZERO_COUNT : ''}`}>{facilityCount}</span>
              </>,
              t({
                message: plural(facilityCount, { one: `# facility at ${title}`, other: `# facilities at ${title}` }),
              }),
            )}
          {panelButton('copy', <Icon name="copy" className="size-4" />, t`Duplicate station ${title}`)}
          {density === 'compact' && (
            <button
              type="button"
              aria-expanded={showRemark}
              onClick={() => {
                focusRemark.current = !remarkOpen;
                setRemarkOpen((o) => !o);
              }}
              aria-label={t`Station remark of ${title}`}
              title={t`Station remark of ${title}`}
              className={`${ICON_BUTTON} ${showRemark ? active : idle}`}
            >
              <Icon name="remark" className="size-4" />
              {historic.length > 0 && <span className="tabular-nums">{historic.length}</span>}
            </button>
          )}
        </span>
      </div>
      {showRemark && (
        <div ref={remarkBox} className="mt-1 font-normal">
          <TextField
            stored={stored}
            label={t`${title} station remark`}
            placeholder={t`Station remark`}
            disabled={disabled || !first}
            className="min-w-0"
            onStore={(staRemark) => (first ? onChange(first.tsId, { staRemark }) : undefined)}
          />
          {historic.length > 0 && (
            <p className="sr-only">
              <Plural value={historic.length} one="# earlier station remark" other="# earlier station remarks" />
            </p>
          )}
          {historic.length > 0 && <HistoricStationRemarks remarks={historic} />}
        </div>
      )}
    </div>
  );
}
