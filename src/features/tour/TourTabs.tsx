import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TourSearch, TourView } from './tour-search';

const GLYPHS: Record<TourView, string> = {
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14',
  barcode: 'M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v5M16 8v8',
  input: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  photo:
    'M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm8 2a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  metadata: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  overview: 'M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11',
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
                {/* the stroke of the app's icons (src/ui/icons.css) */}
                <svg aria-hidden="true" viewBox="0 0 24 24" className="icon size-6">
                  <path d={GLYPHS[view]} />
                </svg>
                {labels[view]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
