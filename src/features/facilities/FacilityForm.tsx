import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FacilityModel } from '../../../schemas/api';
import {
  attributeInputText,
  attributeKind,
  readAttributeInput,
  type AttributeType,
} from '../../domain/facility-attributes';
import { useLocaleFormat } from '../../app/use-locale-format';
import { ModelNote } from './ModelNote';
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
  const { locale } = useLocaleFormat();
  const [value, setValue] = useState(initial);
  const [nameMissing, setNameMissing] = useState(false);
  const model = models.find((m) => m.name === value.model);
  const typeOf = (name: string): AttributeType | undefined => model?.attributeTypes?.find((a) => a.name === name);
  // what each attribute field shows: numbers with their digits and the language's separator
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(initial.attributes).map(([k, v]) => [
        k,
        attributeInputText(
          models.find((m) => m.name === initial.model)?.attributeTypes?.find((a) => a.name === k),
          v,
          locale,
        ),
      ]),
    ),
  );
  const [problems, setProblems] = useState<Record<string, 'notANumber' | 'notInList'>>({});
  const attributeNames = [
    ...new Set([...(model?.attributeTypes ?? []).map((a) => a.name), ...Object.keys(value.attributes)]),
  ];
  const field = 'min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900';

  /** The attributes as stored: each field read by its type; a stored value the user left alone stays as it was. */
  const readAttributes = (): { attributes: Attributes; problems: typeof problems } => {
    const attributes: Attributes = { ...initial.attributes };
    const found: typeof problems = {};
    for (const name of attributeNames) {
      const text = texts[name];
      if (text === undefined) continue;
      const before = initial.attributes[name];
      if (before !== undefined && text === attributeInputText(typeOf(name), before, locale)) continue;
      const read = readAttributeInput(typeOf(name), text);
      if (read.ok) attributes[name] = read.value;
      else found[name] = read.reason;
    }
    return { attributes, problems: found };
  };

  return (
    <form
      className="mt-2 grid gap-2 rounded border border-slate-300 p-2 sm:grid-cols-2 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        const read = readAttributes();
        setProblems(read.problems);
        setNameMissing(!value.name.trim());
        if (!value.name.trim() || Object.keys(read.problems).length > 0) return;
        onSave({ ...value, name: value.name.trim(), attributes: read.attributes });
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
          {model && <ModelNote model={model} />}
        </label>
      )}
      {!isNew && model && (
        <p className="text-xs sm:col-span-2">
          {model.type}: {model.name} <ModelNote model={model} />
        </p>
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
      {attributeNames.map((name) => (
        <AttributeField
          key={name}
          name={name}
          type={typeOf(name)}
          text={texts[name] ?? ''}
          problem={problems[name]}
          className={field}
          onChange={(text) => setTexts({ ...texts, [name]: text })}
        />
      ))}
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

/** One attribute of the model: a choice among its list values, a decimal number, or text; its problem next to it. */
function AttributeField({
  name,
  type,
  text,
  problem,
  className,
  onChange,
}: {
  name: string;
  type: AttributeType | undefined;
  text: string;
  problem: 'notANumber' | 'notInList' | undefined;
  className: string;
  onChange: (text: string) => void;
}) {
  const { t } = useLingui();
  const kind = attributeKind(type);
  const errorId = `facility-attr-${name.replace(/[^\w-]/g, '_')}-error`;
  const common = {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
    className,
  };
  const listValues = type?.listValues ?? [];
  return (
    <label className="flex flex-col">
      <span>
        {name}
        {type?.shortname && type.shortname !== name && (
          <span className="text-slate-600 dark:text-slate-300"> ({type.shortname})</span>
        )}
        {type?.unit && <span className="text-slate-600 dark:text-slate-300"> [{type.unit}]</span>}
      </span>
      {kind === 'list' ? (
        <select value={text} onChange={(e) => onChange(e.target.value)} {...common}>
          <option value="">{t`– none –`}</option>
          {/* a stored value outside today's list stays visible and chosen until the user picks another */}
          {text !== '' && !listValues.includes(text) && <option value={text}>{text}</option>}
          {listValues.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      ) : (
        <input
          type="text"
          inputMode={kind === 'number' ? 'decimal' : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      )}
      {problem && (
        <span id={errorId} className="text-xs text-red-700 dark:text-red-300">
          {problem === 'notANumber' ? t`Enter a number.` : t`Choose one of the list's values.`}
        </span>
      )}
    </label>
  );
}
