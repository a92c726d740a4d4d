import { useEffect, useRef, useState } from 'react';

/**
 * The form of a dialog whose state IS the draft: every change writes the whole form at once (writes of an
 * entry are serialized, the last one wins), and the form follows the stored one while none of its own
 * writes is under way. `save` resolves once stored.
 */
export function useDraftForm<F>(
  stored: F | undefined,
  initial: () => F,
  save: (form: F) => Promise<unknown>,
): { form: F; update(change: (form: F) => F): void } {
  const [form, setForm] = useState<F>(() => stored ?? initial());
  const latest = useRef(form);
  const pending = useRef(0);
  useEffect(() => {
    if (pending.current === 0 && stored !== undefined) {
      latest.current = stored;
      setForm(stored);
    }
  }, [stored]);
  const update = (change: (form: F) => F) => {
    const next = change(latest.current);
    latest.current = next;
    setForm(next);
    pending.current += 1;
    const done = () => {
      pending.current -= 1;
    };
    save(next).then(done, done);
  };
  return { form, update };
}

/** Replaces one item of a list, as a new list. */
export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((x, i) => (i === index ? item : x));
}
