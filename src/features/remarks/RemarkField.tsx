import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { map } from 'rxjs';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { remarkSuggestions } from '../../domain';
import { LOADING_FIELD_CLASSES, ownedInputProps, useOwnedText } from '../readings/use-owned-text';
import { RemarkLocation } from './RemarkLocation';
import { useFieldForm } from '../../ui/field-form';

const NONE: readonly string[] = [];

/** The config's remark suggestions, read only while a remark field is open, so 300 rows hold no 300 queries. */
function useConfiguredSuggestions(open: boolean): readonly string[] {
  const db = useDb();
  return useObservable<readonly string[]>(
    () =>
      open
        ? db.reference.findOne('config').$.pipe(
            map((d) => {
              const list = (d?.data as { remarkSuggestions?: unknown } | undefined)?.remarkSuggestions;
              return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : NONE;
            }),
          )
        : undefined,
    NONE,
    [db, open],
  );
}

export interface RemarkFieldProps {
  stored: string | undefined;
  label: string;
  disabled?: boolean;
  onStore(text: string): Promise<unknown> | void;
  /** the station's historic remarks (§3 staRemarks) */
  history?: readonly { dt: string; text: string }[];
}

/**
 * A remark with autocomplete (§9): the configured suggestions and the station's historic remarks, the date
 * placeholder filled with today. A `geo:lat,lon` in the text shows its location (§3 Remark). The text is
 * owned by the field while typing, like every input that stores user text.
 */
export function RemarkField({ stored, label, disabled, onStore, history }: RemarkFieldProps) {
  const { t } = useLingui();
  const owned = useOwnedText(stored, onStore);
  const form = useFieldForm();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const configured = useConfiguredSuggestions(open);
  const suggestions = useMemo(
    () => (open ? remarkSuggestions(history, configured, owned.value, new Date()) : []),
    [open, history, configured, owned.value],
  );
  const expanded = open && suggestions.length > 0;

  const pick = (text: string) => {
    owned.set(text);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Arrows move within an open list; Alt+ArrowDown opens it (ARIA combobox). A closed list leaves the arrows
    // to the table, where they move between entries like a spreadsheet.
    if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      setOpen(true);
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && expanded) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter' && expanded && active >= 0 && suggestions[active] !== undefined) {
      e.preventDefault();
      pick(suggestions[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative min-w-0 flex-1">
      <input
        form={form}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        // the list is in the page only while open (one element less in each of a table's rows)
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        enterKeyHint="done"
        autoComplete="off"
        {...ownedInputProps(owned)}
        disabled={disabled}
        onChange={(e) => {
          owned.onChange(e);
          setOpen(true);
          setActive(-1);
        }}
        // the list opens on a click, on typing or on Alt+ArrowDown, not when the keyboard merely passes by
        onClick={() => setOpen(!owned.loading)}
        onBlur={() => {
          owned.onBlur();
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className={`min-h-11 w-full min-w-40 rounded border border-slate-400 bg-white px-2 text-base dark:bg-slate-900 ${LOADING_FIELD_CLASSES}`}
      />
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t`Suggestions for ${label}`}
          className="absolute top-full left-0 z-20 mt-1 max-h-60 w-full min-w-60 overflow-y-auto rounded border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // keep the focus in the input, so the pick is one more keystroke of the field
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
              className={`min-h-11 cursor-pointer px-3 py-2 break-words ${i === active ? 'bg-sky-100 dark:bg-sky-900' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
            >
              {s}
            </li>
          ))}
        </ul>
      )}
      <RemarkLocation text={owned.value} />
    </div>
  );
}
