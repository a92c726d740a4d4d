import { useLingui } from '@lingui/react/macro';
import { refusedField } from '../../domain/submit-refusal';
import { TimeField } from '../readings/TimeField';
import { entryMessageId } from './EntryValue';
import { useRefusalAtTime } from './refusal-context';

/**
 * The time of an entry in a table row or tour card. A refusal of the row's time (two values of the series at one
 * time, a date the server does not take) is marked here, with the row's message, which says why, as its description.
 */
export function EntryTime({
  tsId,
  stored,
  label,
  entryName,
  disabled,
  onStore,
}: {
  tsId: string;
  stored: string | undefined;
  /** the entry's label; the field is named "<label> time" */
  label: string;
  /** the entry as the checks name it ("Lot L1 (2201), W"), for the now button's name */
  entryName: string;
  disabled: boolean;
  onStore(time: string): Promise<unknown> | void;
}) {
  const { t } = useLingui();
  // of a series and its copies, only the rows whose time makes the refused date
  const refusal = useRefusalAtTime(tsId, stored);
  const refused = refusal !== undefined && refusedField(refusal) === 'time';
  return (
    <TimeField
      stored={stored}
      label={t`${label} time`}
      nowName={entryName}
      disabled={disabled}
      onStore={onStore}
      refused={refused}
      describedBy={refused ? entryMessageId(tsId) : undefined}
    />
  );
}
