import { useLingui } from '@lingui/react/macro';
import { stationDataRows, type StationDataKey, type StationDataValue } from '../../domain';

/** Translated labels of the station data keys the app knows; any other key is shown as sent. */
function useStationDataLabels(): Record<StationDataKey, string> {
  const { t } = useLingui();
  return {
    barcode: t`Barcode`,
    latitude: t`Latitude`,
    longitude: t`Longitude`,
    latlng: t`Latitude, longitude`,
    altitude: t`Altitude`,
    river: t`River`,
    verticals: t`Discharge verticals (m)`,
    depthProfile: t`Depth profile for`,
    valueAfter: t`Second reading for`,
  };
}

function Value({ value }: { value: StationDataValue }) {
  const { t, i18n } = useLingui();
  switch (value.kind) {
    case 'flag':
      return value.on ? t`yes` : t`no`;
    case 'text':
      return value.text;
    case 'numbers':
      // each number on its own: in German and Italian a comma is the decimal sign, so "47,05, 10,73" ran together
      return (
        <span className="flex flex-wrap gap-x-3">
          {value.values.map((n, i) => (
            <span key={i} className="tabular-nums">
              {i18n.number(n, { maximumFractionDigits: 6, useGrouping: false })}
            </span>
          ))}
        </span>
      );
  }
}

/** The station data (§3 staMetadata) as labelled rows of the metadata screen's definition list. */
export function StationData({ metadata, rowClass }: { metadata: Record<string, unknown>; rowClass: string }) {
  const labels = useStationDataLabels();
  return stationDataRows(metadata).map((row) => (
    <div key={row.key} className={rowClass} data-testid="station-data" data-key={row.key}>
      <dt className="font-semibold [overflow-wrap:anywhere]">{row.known ? labels[row.known] : row.key}</dt>
      <dd className="[overflow-wrap:anywhere]">
        <Value value={row.value} />
      </dd>
    </div>
  ));
}
