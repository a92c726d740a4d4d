import type { DraftPatch } from '../../../schemas/db/draft-doc';
import { NumberField } from './NumberField';
import type { ReadingInputProps } from './reading-input-props';

const textOnly = (text: string): DraftPatch => ({ text });

/**
 * An entry's value typed as a number: its draft's text, stored as typed, and marked as the entry's value input (the
 * one the table's keys and Enter move between). `toPatch` says what else the typed text changes in the draft (a
 * discharge's form); by default only the text.
 */
export function EntryNumberField({
  draft,
  label,
  invalid,
  describedBy,
  disabled,
  onKeyDown,
  onStore,
  toPatch = textOnly,
}: Pick<ReadingInputProps, 'draft' | 'label' | 'invalid' | 'describedBy' | 'disabled' | 'onKeyDown' | 'onStore'> & {
  toPatch?: (text: string) => DraftPatch;
}) {
  return (
    <NumberField
      stored={draft?.text}
      label={label}
      invalid={invalid}
      describedBy={describedBy}
      disabled={disabled}
      valueInput
      onKeyDown={onKeyDown}
      onStore={(text) => onStore(toPatch(text))}
    />
  );
}
