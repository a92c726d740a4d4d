import { useEffect, useRef, useState, type ChangeEvent } from 'react';

export interface OwnedTextProps {
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * The text of an input that a database emission never overwrites while the user owns it: while the
 * field has focus, or while its own writes are still under way. Otherwise it follows the stored value
 * (another tab, a reload, an overwrite of all times). `write` stores the text and resolves once stored.
 */
export function useOwnedText(
  stored: string | undefined,
  write: (text: string) => Promise<unknown> | void,
): OwnedTextProps & { set(text: string): void } {
  const [text, setText] = useState(stored ?? '');
  const focused = useRef(false);
  const pending = useRef(0);

  useEffect(() => {
    if (!focused.current && pending.current === 0) setText(stored ?? '');
  }, [stored]);

  const set = (next: string) => {
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
    },
    onBlur: () => {
      focused.current = false;
    },
  };
}
