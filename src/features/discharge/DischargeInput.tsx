import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DischargeUnit } from '../../../schemas/api';
import type { DraftPatch } from '../../../schemas/db/draft-doc';
import { useConfig } from '../../db/reference-hooks';
import { EntryNumberField } from '../readings/EntryNumberField';
import type { ReadingInputProps } from '../readings/reading-input-props';
import { useDecimalFormat } from '../readings/use-decimal-format';
import { DischargeDialog } from './DischargeDialog';
import { dischargePatch } from './discharge-patch';
import { useDischargeMeters } from './use-discharge-meters';

/**
 * DISCHARGE (l/s, l/min): the value as a plain field, and a dialog for estimates, current meter and
 * volume/time measurements with the discharge protocol. Typing the value by hand makes it a plain value.
 */
export function DischargeInput(props: ReadingInputProps) {
  const { entry, draft, label, disabled } = props;
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const config = useConfig();
  const meters = useDischargeMeters();
  const format = useDecimalFormat();
  const unit = entry.tsUnit as DischargeUnit;
  const form = draft?.dischargeForm;
  const dischargeText = (text: string): DraftPatch =>
    form
      ? {
          text,
          ...dischargePatch({ ...form, mode: 'VALUE' }, text, {
            unit,
            // a plain value reads no meter: typed before the meters are read, it is stored all the same
            meters: meters ?? [],
            protocol: config.dischargeProtocol,
            format,
          }),
        }
      : { text };
  const modeLabel = { ESTIMATE: t`estimate`, METER: t`current meter`, VOLUME_TIME: t`volume/time`, VALUE: '' }[
    form?.mode ?? 'VALUE'
  ];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-1">
        <EntryNumberField {...props} toPatch={dischargeText} />
        {/* the dialog only once the meters are read: it offered the config's, then swapped them for the stored */}
        <button
          type="button"
          disabled={disabled || meters === undefined}
          aria-busy={meters === undefined || undefined}
          onClick={() => setOpen(true)}
          aria-label={t`${label} discharge measurement`}
          title={t`Discharge measurement`}
          className="min-h-11 min-w-11 rounded border border-slate-400 bg-white px-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700"
        >
          Q…
        </button>
      </div>
      {modeLabel && <span className="text-xs text-slate-600 dark:text-slate-400">{modeLabel}</span>}
      {meters && (
        <DischargeDialog
          {...props}
          open={open}
          onClose={() => setOpen(false)}
          unit={unit}
          meters={meters}
          protocol={config.dischargeProtocol}
          defaultVolume={config.dischargeDefaultVolume}
        />
      )}
    </div>
  );
}
