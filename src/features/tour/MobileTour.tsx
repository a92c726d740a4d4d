import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { useLocaleFormat } from '../../app/use-locale-format';
import { MezNote } from '../readings/MezNote';
import { Alert } from '../../ui/Alert';
import { findTarget, useGoToEntry, type EntryTarget } from '../readings/go-to-entry';
import { SyncBadge } from '../../app/SyncBadge';
import { WriteErrorAlert } from '../round-entry/WriteErrorAlert';
import { TourInput } from './TourInput';
import { TourList } from './TourList';
import { TourMetadata } from './TourMetadata';
import { TourOverview } from './TourOverview';
import { TourPhotos } from './TourPhotos';
import { TourTabs } from './TourTabs';
import type { TourView } from './tour-search';
import { useTour } from './use-tour';
import { TourCompletenessProvider, useTourCompleteness } from './tour-completeness';
import { StoredStateGate } from '../readings/stored-state';
import { RefusalProvider } from '../round-entry/refusal-context';
import { InstancePhotosProvider } from '../photos/instance-photos';

// maplibre-gl is large: loaded only when the map is opened
const TourMap = lazy(() => import('./TourMap'));
// the barcode reader's polyfill and its WebAssembly load only when the scanner is opened
const TourBarcode = lazy(() => import('./TourBarcode'));

/** mobile (§2): a stored round walked station by station, offline, with its own bottom navigation. */
export function MobileTour() {
  const fmt = useLocaleFormat();
  const { instanceId } = useParams({ from: '/mobile/$instanceId' });
  const search = useSearch({ from: '/mobile/$instanceId' });
  const navigate = useNavigate({ from: '/mobile/$instanceId' });
  const state = useTour(instanceId);
  const view: TourView = search.view ?? 'list';
  // a scanned timeseries (ts) stays highlighted only until the next move
  // the scanned timeseries scrolls itself into view: the router must not scroll back to the top after it
  const go = useCallback(
    (next: { view?: TourView; station?: string; ts?: string }) =>
      void navigate({ search: (s) => ({ ...s, ts: undefined, ...next }), resetScroll: next.ts === undefined }),
    [navigate],
  );
  const stations = state.status === 'ready' ? state.tour.stations : undefined;
  // a link in a submit prompt or an error list: the entry's station, its value focused
  const onGoToEntry = useCallback(
    (target: EntryTarget) => {
      const { index, tsId } = findTarget(stations ?? [], target);
      const station = stations?.[index];
      if (station) go({ view: 'input', station: station.staNumber, ts: tsId ?? station.entries[0]?.tsId });
    },
    [stations, go],
  );
  useGoToEntry(onGoToEntry);

  if (state.status === 'loading') return <p role="status">…</p>;
  if (state.status === 'missing') {
    return (
      <Alert type="danger" testId="tour-missing">
        <p>
          <Trans>
            This offline round does not exist on this device: it was deleted, or it was stored on another device or in
            another browser.
          </Trans>
        </p>
        <Link to="/" className="underline">
          <Trans>Back to the group selection</Trans>
        </Link>
      </Alert>
    );
  }
  const { tour } = state;
  const station = tour.stations.find((s) => s.staNumber === search.station) ?? tour.stations[0];

  return (
    <TourCompletenessProvider tour={tour}>
      <section aria-labelledby="tour-heading" className="mx-auto max-w-3xl space-y-3 pb-24" data-view={view}>
        <header className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h1 id="tour-heading" className={view === 'input' ? 'text-base font-bold' : 'text-xl font-bold'}>
            {tour.round.mrName} <span className="font-normal">· {fmt.date(tour.instance.date)}</span>
            <MezNote />
          </h1>
          {/* on the input view the pager counts the stations and the navbar shows the sync state: one line less */}
          <p className={`flex items-center gap-2 text-sm ${view === 'input' ? 'sr-only' : ''}`}>
            <TourProgress total={tour.stations.length} />
            <SyncBadge state={tour.instance.syncState} correction={tour.instance.corrects !== undefined} />
          </p>
        </header>
        {tour.writeError !== null && <WriteErrorAlert error={tour.writeError} />}
        {tour.instance.syncState === 'sent' && (
          <Alert type="success" testId="tour-sent">
            <Trans>This round was sent to the server; it can no longer be changed.</Trans>
          </Alert>
        )}
        <StoredStateGate ready={tour.ready}>
          <RefusalProvider instance={tour.instance} entries={tour.round.entries}>
            {/* the tour's photos from one query: a query per entry card ran again at every "next station" */}
            <InstancePhotosProvider instanceId={tour.instance.instanceId}>
              {view === 'list' && (
                <TourList
                  tour={tour}
                  density={search.density ?? 'compact'}
                  onDensity={(density) => void navigate({ search: (s) => ({ ...s, density }) })}
                  onOpen={(staNumber) => go({ view: 'input', station: staNumber })}
                />
              )}
              {view === 'map' && (
                <Suspense fallback={<p role="status">…</p>}>
                  <TourMap tour={tour} onOpen={(staNumber) => go({ view: 'input', station: staNumber })} />
                </Suspense>
              )}
              {view === 'barcode' && (
                <Suspense fallback={<p role="status">…</p>}>
                  <TourBarcode
                    tour={tour}
                    onFound={(staNumber, ts) => go({ view: 'input', station: staNumber, ...(ts ? { ts } : {}) })}
                  />
                </Suspense>
              )}
              {view === 'input' && station && (
                <TourInput
                  tour={tour}
                  station={station}
                  scannedTs={search.ts}
                  onStation={(staNumber) => go({ station: staNumber })}
                />
              )}
              {view === 'photo' && station && (
                <TourPhotos tour={tour} station={station} onStation={(staNumber) => go({ station: staNumber })} />
              )}
              {view === 'metadata' && station && (
                <TourMetadata tour={tour} station={station} onStation={(staNumber) => go({ station: staNumber })} />
              )}
              {view === 'overview' && (
                <TourOverview tour={tour} onOpen={(staNumber) => go({ view: 'input', station: staNumber })} />
              )}
            </InstancePhotosProvider>
          </RefusalProvider>
        </StoredStateGate>
        <TourTabs instanceId={instanceId} current={view} />
      </section>
    </TourCompletenessProvider>
  );
}

/** "n of m stations complete"; until the completeness is read it keeps its place and says nothing. */
function TourProgress({ total }: { total: number }) {
  const { t } = useLingui();
  const complete = useTourCompleteness();
  const done = [...(complete?.values() ?? [])].filter(Boolean).length;
  return (
    <span data-testid="tour-progress" aria-busy={!complete || undefined} className={complete ? undefined : 'invisible'}>
      {t`${done} of ${total} stations complete`}
    </span>
  );
}
