import { Trans, useLingui } from '@lingui/react/macro';
import { locationFromMetadata } from '../../domain';
import type { StationGroup } from '../round-entry/row-model';
import { StationData } from './StationData';
import { StationPager } from './StationPager';
import type { Tour } from './use-tour';

/** metadata view (§2): the station's metadata and location (§3: staLocation, else read from the metadata). */
export function TourMetadata({
  tour,
  station,
  onStation,
}: {
  tour: Tour;
  station: StationGroup;
  onStation: (staNumber: string) => void;
}) {
  const { t, i18n } = useLingui();
  const first = station.entries[0];
  const metadata = first?.staMetadata ?? {};
  const location = first?.staLocation ?? locationFromMetadata(metadata);
  const coordinate = (n: number) => i18n.number(n, { maximumFractionDigits: 6 });
  const row = 'grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 border-b border-slate-300 py-1.5 dark:border-slate-700';

  return (
    <div className="space-y-3" data-station={station.staNumber}>
      <StationPager stations={tour.stations} station={station} onStation={onStation} />
      <h2 className="text-xl font-bold [overflow-wrap:anywhere]">{station.title}</h2>
      <dl className="text-base">
        <div className={row}>
          <dt className="font-semibold">
            <Trans>Station number</Trans>
          </dt>
          <dd>{station.staNumber}</dd>
        </div>
        {first?.siteName && (
          <div className={row}>
            <dt className="font-semibold">
              <Trans>Site</Trans>
            </dt>
            <dd>
              {first.siteName} {first.siteNumber && `(${first.siteNumber})`}
            </dd>
          </div>
        )}
        <div className={row}>
          <dt className="font-semibold">
            <Trans>Location</Trans>
          </dt>
          <dd data-testid="station-location">
            {location ? (
              <>
                {coordinate(location.latitude)} / {coordinate(location.longitude)}{' '}
                {/* geo: opens the phone's map app, which may hold offline maps */}
                <a
                  href={`geo:${location.latitude},${location.longitude}`}
                  className="ml-1 inline-flex min-h-11 items-center text-sky-800 underline dark:text-sky-300"
                >
                  <Trans>Open in the map app</Trans>
                </a>
              </>
            ) : (
              t`No location known`
            )}
          </dd>
        </div>
        <StationData metadata={metadata} rowClass={row} />
      </dl>
      <h3 className="text-lg font-semibold">
        <Trans>Timeseries</Trans>
      </h3>
      <ul className="space-y-1">
        {station.entries.map((e) => (
          <li key={e.tsId} className="rounded border border-slate-300 p-2 dark:border-slate-700">
            <span className="font-semibold">{e.tsParameter}</span> {e.tsUnit && `[${e.tsUnit}]`} · {e.tsName}
            <span className="block text-sm text-slate-700 dark:text-slate-300">
              {e.tsPlausibilityCheck?.min !== undefined && e.tsPlausibilityCheck.max !== undefined && (
                <span className="mr-2">{t`Plausible ${i18n.number(e.tsPlausibilityCheck.min)} … ${i18n.number(e.tsPlausibilityCheck.max)}`}</span>
              )}
              {e.tsBarcode && <span>{t`Barcode ${e.tsBarcode}`}</span>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
