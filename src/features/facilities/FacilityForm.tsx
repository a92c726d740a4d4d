import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FacilityModel } from '../../../schemas/api';
import type { Attributes } from './use-station-facilities';

export interface FacilityFormValue {
  model: string;
  name: string;
  attributes: Attributes;
  moveTo: string;
  invalid: boolean;
}

/**
 * Name and attributes of a facility (attribute fields from its model), for a new one also the model;
 * for an existing one also the station it moves to and whether it is out of service.
 */
export function FacilityForm({
  initial,
  models,
  stations,
  isNew,
  onSave,
  onCancel,
}: {
  initial: FacilityFormValue;
  models: readonly FacilityModel[];
  stations: readonly { staNumber: string; title: string }[];
  isNew: boolean;
  onSave: (v: FacilityFormValue) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState(initial);
  const [nameMissing, setNameMissing] = useState(false);
  const model = models.find((m) => m.name === value.model);
  const attributeNames = [
    ...new Set([...(model?.attributeTypes ?? []).map((a) => a.name), ...Object.keys(value.attributes)]),
  ];
  const field = 'min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900';

  return (
    <form
      className="mt-2 grid gap-2 rounded border border-slate-300 p-2 sm:grid-cols-2 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.name.trim()) return setNameMissing(true);
        onSave({ ...value, name: value.name.trim() });
      }}
    >
      {isNew && (
        <label className="flex flex-col">
          <Trans>Model</Trans>
          <select value={value.model} onChange={(e) => setValue({ ...value, model: e.target.value })} className={field}>
            {models.map((m) => (
              <option key={m.name} value={m.name}>
                {m.type}: {m.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col">
        <Trans>Name</Trans>
        <input
          value={value.name}
          onChange={(e) => setValue({ ...value, name: e.target.value })}
          aria-invalid={nameMissing || undefined}
          aria-describedby="facility-name-error"
          className={field}
        />
        {nameMissing && (
          <span id="facility-name-error" className="text-xs text-red-700 dark:text-red-300">
            <Trans>Enter a name.</Trans>
          </span>
        )}
      </label>
      {attributeNames.map((name) => {
        const type = model?.attributeTypes?.find((a) => a.name === name);
        const numeric = type?.type === 'NUMBER';
        return (
          <label key={name} className="flex flex-col">
            {name} {type?.unit && <span className="text-slate-600 dark:text-slate-400">[{type.unit}]</span>}
            <input
              type={numeric ? 'number' : 'text'}
              step="any"
              value={value.attributes[name] ?? ''}
              onChange={(e) =>
                setValue({
                  ...value,
                  attributes: {
                    ...value.attributes,
                    [name]: numeric && e.target.value !== '' ? Number(e.target.value) : e.target.value,
                  },
                })
              }
              className={field}
            />
          </label>
        );
      })}
      {!isNew && (
        <>
          <label className="flex flex-col">
            <Trans>Station</Trans>
            <select
              value={value.moveTo}
              onChange={(e) => setValue({ ...value, moveTo: e.target.value })}
              className={field}
            >
              {stations.map((s) => (
                <option key={s.staNumber} value={s.staNumber}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={value.invalid}
              onChange={(e) => setValue({ ...value, invalid: e.target.checked })}
              className="size-5"
            />
            <Trans>Out of service</Trans>
          </label>
        </>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className="min-h-11 rounded bg-sky-700 px-3 font-semibold text-white">
          <Trans>Save</Trans>
        </button>
        <button type="button" onClick={onCancel} className="min-h-11 px-2">
          <Trans>Cancel</Trans>
        </button>
      </div>
      <span className="sr-only">{t`Facility form`}</span>
    </form>
  );
}
