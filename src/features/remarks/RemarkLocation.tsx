import { Trans, useLingui } from '@lingui/react/macro';
import { locationFromRemark } from '../../domain';
import type { Location } from '../../../schemas/api';

/** §3 Remark: a location as a small OpenStreetMap link with its coordinates in the UI language. */
export function RemarkMapLink({ location }: { location: Location }) {
  const { i18n } = useLingui();
  const { latitude, longitude } = location;
  const lat = i18n.number(latitude, { maximumFractionDigits: 6 });
  const lon = i18n.number(longitude, { maximumFractionDigits: 6 });
  return (
    <a
      href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`}
      target="_blank"
      rel="noreferrer"
      data-testid="remark-location"
      className="mt-1 inline-block text-xs text-sky-800 underline dark:text-sky-300"
    >
      <Trans>
        Location {lat} / {lon}
      </Trans>
    </a>
  );
}

/** §3 Remark: a `geo:lat,lon` in the text is a location; shown as a small map link under the remark. */
export function RemarkLocation({ text }: { text: string }) {
  const location = locationFromRemark(text);
  return location ? <RemarkMapLink location={location} /> : null;
}
