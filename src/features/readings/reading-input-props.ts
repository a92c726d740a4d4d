import type { KeyboardEvent } from 'react';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { Draft, DraftPatch } from '../../../schemas/db/draft-doc';
import type { DraftStore } from '../../db/draft-store';

/** What every input of a reading gets (the value field, and the discharge, snow, depth and formula inputs). */
export interface ReadingInputProps {
  entry: MeasureRoundEntry;
  draft: Draft | undefined;
  /** the round's drafts, for formulas that read other entries */
  store: DraftStore;
  mrId: string;
  /** accessible name of the value input: "{staName} {staNumber} {tsParameter}" */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
  /** stores a patch of the entry's draft; resolves once it is in IndexedDB */
  onStore(patch: DraftPatch): Promise<unknown>;
}
