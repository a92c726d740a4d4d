import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Refusal, RefusedEntry } from '../domain/submit-refusal';
import { useLocaleFormat, type LocaleFormat } from './use-locale-format';

/** "Piezometer P1 (2001), W", as the pre-submit checks name an entry. */
export function refusedEntryName(entry: RefusedEntry): string {
  return `${entry.staName} (${entry.staNumber}), ${entry.tsParameter}`;
}

const formatted = (fmt: LocaleFormat, value: number | string) =>
  typeof value === 'number' ? fmt.number(value) : value;

/** The sentence of a refusal without its series (next to the value it concerns, the row names that). */
function RefusalSentence({ refusal }: { refusal: Refusal }) {
  const fmt = useLocaleFormat();
  switch (refusal.code) {
    case 'value-not-allowed': {
      const value = formatted(fmt, refusal.value);
      const allowed = refusal.allowed.map((c) => formatted(fmt, c)).join(', ');
      return (
        <Trans>
          {value} is not one of the codes this timeseries allows ({allowed}).
        </Trans>
      );
    }
    case 'duplicate-time': {
      const time = fmt.dateTime(refusal.dt);
      return <Trans>Two values of this timeseries have the same time: {time}.</Trans>;
    }
    case 'not-of-round':
      return <Trans>This timeseries is not part of the round on the server (any more).</Trans>;
    case 'date-invalid': {
      const value = refusal.value;
      return <Trans>The server refused the date {value} as not valid.</Trans>;
    }
    case 'date-too-early': {
      const date = fmt.dateTime(refusal.value);
      return <Trans>The date {date} lies before 1900.</Trans>;
    }
    case 'date-in-future': {
      const date = fmt.dateTime(refusal.value);
      return (
        <Trans>The date {date} lies more than one day in the future: check the date and the device's clock.</Trans>
      );
    }
    case 'image-other-round': {
      const imageId = refusal.imageId;
      return <Trans>A photo ({imageId}) belongs to another round on the server.</Trans>;
    }
  }
}

/**
 * The series a refusal concerns, by its station and parameter when the round on the device knows it; the
 * server's id alone means nothing to a user, so without the round it is said to be an id, not shown as a name.
 * `withTsId` adds the id to a name too (support matches it with the server's log).
 */
function RefusedSeries({
  entry,
  tsId,
  withTsId,
  renderEntry,
}: {
  entry: RefusedEntry | undefined;
  tsId: string;
  withTsId: boolean;
  renderEntry?: (entry: RefusedEntry, name: string) => ReactNode;
}) {
  if (!entry) {
    return (
      <span data-refused-entry="" data-refused-unknown="">
        <Trans>A timeseries (id {tsId})</Trans>
      </span>
    );
  }
  const name = refusedEntryName(entry);
  return (
    <>
      {renderEntry ? renderEntry(entry, name) : <span data-refused-entry="">{name}</span>}
      {withTsId && (
        <>
          {' '}
          (<code data-refused-tsid="">{tsId}</code>)
        </>
      )}
    </>
  );
}

/**
 * Why the server refused a submission, precisely (src/domain/submit-refusal.ts): the series it concerns first
 * (`renderEntry` may make it a link to the value), unless `withEntry` is off because it stands next to the value.
 */
export function RefusalText({
  refusal,
  withEntry = true,
  withTsId = false,
  renderEntry,
}: {
  refusal: Refusal;
  withEntry?: boolean;
  withTsId?: boolean;
  renderEntry?: (entry: RefusedEntry, name: string) => ReactNode;
}) {
  const { entry, tsId } = refusal;
  return (
    <>
      {withEntry && tsId !== undefined && (
        <>
          <RefusedSeries entry={entry} tsId={tsId} withTsId={withTsId} renderEntry={renderEntry} />:{' '}
        </>
      )}
      <RefusalSentence refusal={refusal} />
    </>
  );
}
