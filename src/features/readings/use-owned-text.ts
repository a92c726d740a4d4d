import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useStoredStateLoading } from './stored-state';

export interface OwnedTextProps {
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * The text of an input that a database emission never overwrites while the user owns it: while the user has typed
 * into the focused field (it then changes only by their keys), or while its own writes are still under way.
 * Otherwise it follows the stored value (another tab, a reload, an overwrite of all times), also in a field that
 * has the focus but was not typed into (another tab's value must show in a tab whose first field is merely focused).
 *
 * While the screen's stored state is still being read (StoredStateGate) the field is `loading`: empty, read-only
 * and deaf to keys, and it takes the stored value when it arrives even if it has the focus (the table focuses its
 * first value when it opens), since nothing can have been typed into it. `write` stores the text and resolves
 * once stored.
 */
export function useOwnedText(
  stored: string | undefined,
  write: (text: string) => Promise<unknown> | void,
): OwnedTextProps & { set(text: string): void; loading: boolean } {
  const loading = useStoredStateLoading();
  const [text, setText] = useState(stored ?? '');
  const focused = useRef(false);
  const typedWhileFocused = useRef(false);
  const pending = useRef(0);

  // a layout effect: the stored value is in the field before the browser paints or takes a key. With a passive
  // effect the render that ended the loading painted the field empty and editable first, and at 4× slower CPU keys
  // typed in that gap (hundreds of ms) were stored over the value (test/e2e/stored-round-open.e2e.ts)
  useLayoutEffect(() => {
    if (!(focused.current && typedWhileFocused.current) && pending.current === 0) setText(stored ?? '');
  }, [stored, loading]);

  const set = (next: string) => {
    // a read-only field takes no keys; the on-screen keypad and "now" buttons call this directly
    if (loading) return;
    typedWhileFocused.current = focused.current;
    setText(next);
    const p = write(next);
    if (p) {
      pending.current += 1;
      // The emission of our own last write may still be on its way: adopting the stored value here
      // would flash an older text, so only a later emission (the effect above) updates the field.
      const done = () => {
        pending.current -= 1;
      };
      p.then(done, done);
    }
  };

  return {
    value: loading ? '' : text,
    loading,
    set,
    onChange: (e) => set(e.target.value),
    onFocus: () => {
      focused.current = true;
      typedWhileFocused.current = false;
    },
    onBlur: () => {
      focused.current = false;
      typedWhileFocused.current = false;
    },
  };
}

/** The classes that show an input of an owned text as loading (aria-busy): a pulsing grey field. */
export const LOADING_FIELD_CLASSES = 'aria-busy:animate-pulse aria-busy:bg-slate-100 dark:aria-busy:bg-slate-800';

/**
 * What every input (or textarea) showing an owned text takes: the text and its handlers, and while the stored state
 * is read, read-only, busy and "…" instead of its `placeholder`. A field with handlers of its own calls the owned
 * ones from them.
 */
export function ownedInputProps(
  owned: OwnedTextProps & { loading: boolean },
  placeholder?: string,
): OwnedTextProps & { readOnly?: true; 'aria-busy'?: true; placeholder?: string } {
  return {
    value: owned.value,
    readOnly: owned.loading || undefined,
    'aria-busy': owned.loading || undefined,
    placeholder: owned.loading ? '…' : placeholder,
    onChange: owned.onChange,
    onFocus: owned.onFocus,
    onBlur: owned.onBlur,
  };
}
