import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StationFacility } from '../../../schemas/api';
import { useFacilityModels } from '../../db/reference-hooks';
import { useLocaleFormat } from '../../app/use-locale-format';
import { formatAttribute } from '../../domain/facility-attributes';
import { FacilityForm } from './FacilityForm';
import { mergeFacilities, type StationFacilityActions } from './use-station-facilities';

/** §3 station facilities of one station: edit, move, take out of service, add new ones. */
export function StationFacilities({
  staNumber,
  stationTitle,
  serverFacilities,
  stations,
  actions,
  disabled,
}: {
  staNumber: string;
  stationTitle: string;
  serverFacilities: readonly StationFacility[];
  stations: readonly { staNumber: string; title: string }[];
  actions: StationFacilityActions;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const models = useFacilityModels();
  const { locale } = useLocaleFormat();
  const modelOf = (name: string) => models.find((m) => m.name === name);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const facilities = mergeFacilities(staNumber, serverFacilities, actions.local);

  return (
    <div role="group" aria-label={t`Facilities of ${stationTitle}`} className="mt-2 text-sm">
      <ul className="flex flex-wrap gap-2">
        {facilities.map((f) => (
          <li
            key={f.id}
            className={`rounded border px-2 py-1 ${f.changed ? 'border-sky-600' : 'border-slate-300 dark:border-slate-700'} ${f.invalid ? 'line-through' : ''}`}
          >
            <span className="font-medium">{f.name}</span>{' '}
            <span className="text-slate-700 dark:text-slate-300">
              ({f.model}
              {modelOf(f.model)?.manufacturer && `, ${modelOf(f.model)?.manufacturer}`})
            </span>
            {Object.entries(f.attributes).map(([k, v]) => {
              const type = modelOf(f.model)?.attributeTypes?.find((a) => a.name === k);
              // the model's short name keeps the chip short; the full name stays for the screen reader and the tooltip
              return (
                <span key={k} className="ml-2 text-xs">
                  {type?.shortname ? (
                    <>
                      <abbr title={k} aria-hidden="true">
                        {type.shortname}
                      </abbr>
                      <span className="sr-only">{k}</span>
                    </>
                  ) : (
                    k
                  )}
                  : {formatAttribute(type, v, locale)}
                  {type?.unit && v !== null && v !== '' ? ` ${type.unit}` : ''}
                </span>
              );
            })}
            {f.staNumber !== staNumber && (
              <span className="ml-2 text-xs text-sky-700 dark:text-sky-300">
                <Trans>moves to {f.staNumber}</Trans>
              </span>
            )}
            {!f.isNew && (
              <button
                type="button"
                disabled={disabled}
                onClick={() => setEditing(f.id)}
                className="ml-2 min-h-9 underline"
                aria-label={t`Edit facility ${f.name}`}
              >
                <Trans>Edit</Trans>
              </button>
            )}
            {f.changed && (
              <button
                type="button"
                disabled={disabled}
                onClick={() => void actions.undo(f.id)}
                className="ml-2 min-h-9 text-red-700 underline dark:text-red-300"
                aria-label={t`Undo the change of ${f.name}`}
              >
                <Trans>Undo</Trans>
              </button>
            )}
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={disabled || models.length === 0}
            onClick={() => setEditing('new')}
            aria-label={t`New facility for ${stationTitle}`}
            className="min-h-11 rounded border border-dashed border-slate-400 px-2"
          >
            + <Trans>Facility</Trans>
          </button>
        </li>
      </ul>
      {editing === 'new' && (
        <FacilityForm
          isNew
          models={models}
          stations={stations}
          initial={{ model: models[0]?.name ?? '', name: '', attributes: {}, moveTo: staNumber, invalid: false }}
          onCancel={() => setEditing(null)}
          onSave={(v) => {
            void actions.create(staNumber, v.model, v.name, v.attributes);
            setEditing(null);
          }}
        />
      )}
      {editing &&
        editing !== 'new' &&
        (() => {
          const view = facilities.find((f) => f.id === editing);
          const original = serverFacilities.find((f) => f.id === editing);
          if (!view || !original) return null;
          return (
            <FacilityForm
              isNew={false}
              models={models}
              stations={stations}
              initial={{
                model: view.model,
                name: view.name,
                attributes: view.attributes,
                moveTo: view.staNumber,
                invalid: view.invalid,
              }}
              onCancel={() => setEditing(null)}
              onSave={(v) => {
                void actions.save(staNumber, original, {
                  name: v.name,
                  attributes: v.attributes,
                  moveTo: v.moveTo,
                  invalid: v.invalid,
                });
                setEditing(null);
              }}
            />
          );
        })()}
    </div>
  );
}
