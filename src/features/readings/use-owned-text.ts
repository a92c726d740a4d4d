import { useEffect, useRef, useState, type ChangeEvent } from 'react';

export interface OwnedTextProps {
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * The text of an input that a database emission never overwrites while the user owns it: while the
 * user has typed into the focused field, or while its own writes are still under way. Otherwise it follows
 * the stored value (another tab, a reload, an overwrite of all times), also in a field focused before its
 * stored value arrived (the table focuses its first value when it opens). `write` stores the text and
 * resolves once stored.
 */
export function useOwnedText(
  stored: string | undefined,
  write: (text: string) => Promise<unknown> | void,
): OwnedTextProps & { set(text: string): void } {
  const [text, setText] = useState(stored ?? '');
  const focused = useRef(false);
  const typedWhileFocused = useRef(false);
  const pending = useRef(0);

  useEffect(() => {
    if (!(focused.current && typedWhileFocused.current) && pending.current === 0) setText(stored ?? '');
  }, [stored]);

  const set = (next: string) => {
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
    value: text,
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
