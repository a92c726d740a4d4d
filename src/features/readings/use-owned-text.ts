import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useStoredStateLoading } from './stored-state';

export interface OwnedTextProps {
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * The text of an input that a database emission never overwrites while the user owns it: a focused field
 * changes only by the user's keys, and a field whose own writes are still under way keeps its text. Otherwise it
 * follows the stored value (another tab, a reload, an overwrite of all times); a focused field the user has not
 * typed into takes it when it is left.
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
  const latest = useRef(stored);
  const wasLoading = useRef(loading);

  // a layout effect: the stored value is in the field before the browser paints or takes a key. With a passive
  // effect the render that ended the loading painted the field empty and editable first, and at 4× slower CPU keys
  // typed in that gap (hundreds of ms) were stored over the value (test/e2e/stored-round-open.e2e.ts)
  useLayoutEffect(() => {
    latest.current = stored;
    // the render that ends the loading brings the stored value (the store is read before it tells anyone)
    const opened = wasLoading.current && !loading;
    wasLoading.current = loading;
    if ((loading || opened || !focused.current) && pending.current === 0) setText(stored ?? '');
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
      // an emission that arrived while the user only looked at the field is shown now
      if (!typedWhileFocused.current && pending.current === 0) setText(latest.current ?? '');
      focused.current = false;
      typedWhileFocused.current = false;
    },
  };
}
