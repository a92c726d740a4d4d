import { useLingui } from '@lingui/react/macro';
import type { FacilityModel } from '../../../schemas/api';

/** §3 facility model: its manufacturer and comment, next to the model's name wherever a facility is edited. */
export function ModelNote({ model }: { model: FacilityModel }) {
  const { t } = useLingui();
  if (!model.manufacturer && !model.comment) return null;
  return (
    <span className="text-xs text-slate-700 dark:text-slate-300">
      {model.manufacturer && <span>{t`Manufacturer: ${model.manufacturer}`}</span>}
      {model.manufacturer && model.comment && ' · '}
      {model.comment && <span>{model.comment}</span>}
    </span>
  );
}
