import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { inputTypeOf, offersOption } from '../../domain';
import { DischargeInput } from '../discharge/DischargeInput';
import { DepthProfileButton } from '../depth-profile/DepthProfileButton';
import { SnowInput } from '../snow/SnowInput';
import { CodeChoice } from './CodeChoice';
import { FormulaInput } from './FormulaInput';
import { focusNextReading } from './focus-next-reading';
import { EntryNumberField } from './EntryNumberField';
import { NumberField } from './NumberField';
import type { ReadingInputProps } from './reading-input-props';

/**
 * The value widget of an entry for its §4 input type, shared by every screen that takes readings (table,
 * outdoor tour, meteo, decisions): two layouts, never two copies.
 */
export function ReadingInput(given: ReadingInputProps) {
  // Enter reaches choices too (the table's own handler knows value inputs only)
  const props = {
    ...given,
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) =>
      e.key === 'Enter' && focusNextReading(e.currentTarget) ? e.preventDefault() : given.onKeyDown?.(e),
  };
  const { entry, draft, label, disabled, describedBy, onStore } = props;
  const type = inputTypeOf(entry);
  const number = <EntryNumberField {...props} />;
  let main;
  switch (type) {
    case 'NO_STEADY_INCIDENT':
    case 'NO_YES':
      return (
        <CodeChoice
          type={type}
          stored={draft?.text}
          label={label}
          disabled={disabled}
          describedBy={describedBy}
          onStore={(text) => onStore({ text })}
        />
      );
    case 'FORMULA':
      main = <FormulaInput {...props} />;
      break;
    case 'DISCHARGE':
      main = <DischargeInput {...props} />;
      break;
    case 'SNOW_WATER_EQUIVALENT':
      main = <SnowInput {...props} />;
      break;
    case 'NO_IMPORT_NUMBER':
      main = (
        <>
          {number}
          <NoImportNumber />
        </>
      );
      break;
    default:
      main = number;
  }
  const valueAfter = offersOption(entry, 'valueAfter') || (draft?.valueAfterText ?? '') !== '';
  const depthProfile = offersOption(entry, 'depthProfile');
  // most entries are the number alone: no column around it (one element less in each of a table's rows)
  if (main === number && !valueAfter && !depthProfile) return number;
  return (
    <div className="flex flex-col gap-1">
      {main}
      {valueAfter && <ValueAfterField {...props} />}
      {depthProfile && <DepthProfileButton {...props} />}
    </div>
  );
}

/** §8 "no import number defined": the reading is kept, but the timeseries has no import number. */
function NoImportNumber() {
  const { t } = useLingui();
  return <span className="text-xs font-medium text-amber-800 dark:text-amber-300">{t`No import number defined`}</span>;
}

/** §3 valueAfter: a second reading, stored one minute after the main value. */
function ValueAfterField({ draft, label, disabled, onStore }: ReadingInputProps) {
  const { t } = useLingui();
  return (
    <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
      <span aria-hidden="true">{t`+1 min`}</span>
      <NumberField
        stored={draft?.valueAfterText}
        label={t`${label} value after`}
        disabled={disabled}
        onStore={(valueAfterText) => onStore({ valueAfterText })}
      />
    </label>
  );
}
