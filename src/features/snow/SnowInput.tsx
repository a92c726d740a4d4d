import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EntryNumberField } from '../readings/EntryNumberField';
import type { ReadingInputProps } from '../readings/reading-input-props';
import { SnowDialog } from './SnowDialog';

/** SNOW_WATER_EQUIVALENT (mm, SWW): the value, and the sampler dialog whose result becomes the value. */
export function SnowInput(props: ReadingInputProps) {
  const { label, disabled } = props;
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-start gap-1">
      <EntryNumberField {...props} />
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={t`${label} snow water equivalent measurement`}
        title={t`Snow water equivalent measurement`}
        className="min-h-11 min-w-11 rounded border border-slate-400 bg-white px-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700"
      >
        SWE…
      </button>
      <SnowDialog {...props} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
