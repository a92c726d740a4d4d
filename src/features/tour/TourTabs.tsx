import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from '../../ui/Icon';
import type { TourSearch, TourView } from './tour-search';

const TAB_ICON: Record<TourView, IconName> = {
  list: 'list',
  map: 'map',
  barcode: 'barcode',
  input: 'remark',
  photo: 'camera',
  metadata: 'pin',
  overview: 'checkedBox',
};

/**
 * The tour's own navigation (§2 mobile): a bottom bar reachable with the thumb, 56 px high targets,
 * dark text on white (and the reverse when chosen) for reading in sunlight. Seven tabs on a 390 px phone: the
 * labels are a little smaller there; the longest German one ("Stationsdaten", 63 px at 10 px in Chromium) is 7 px wider
 * than its column and carries a soft hyphen in de.po, because hyphens-auto needs a dictionary that not every browser has.
 */
export function TourTabs({ instanceId, current }: { instanceId: string; current: TourView }) {
  const { t } = useLingui();
  const labels: Record<TourView, string> = {
    list: t`Stations`,
    map: t`Map`,
    barcode: t`Barcode`,
    input: t`Input`,
    photo: t`Photos`,
    metadata: t`Station data`,
    overview: t`Overview`,
  };
  return (
    <nav
      aria-label={t`Tour`}
      className="fixed inset-x-0 bottom-0 z-30 border-t-2 border-slate-900 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-300 dark:bg-slate-950"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-7">
        {(Object.keys(labels) as TourView[]).map((view) => {
          const active = view === current;
          return (
            <li key={view}>
              <Link
                to="/mobile/$instanceId"
                params={{ instanceId }}
                search={(s: TourSearch) => ({ ...s, view, ts: undefined })}
                aria-current={active ? 'page' : undefined}
                data-tab={view}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[10px] leading-tight font-semibold tracking-tight hyphens-auto min-[420px]:text-[11px] min-[420px]:tracking-normal focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-amber-500 ${active ? 'bg-sky-800 text-white dark:bg-sky-300 dark:text-slate-950' : 'text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'}`}
              >
                <Icon name={TAB_ICON[view]} className="size-6" />
                {labels[view]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
