import { useOwnedText } from './use-owned-text';

/** A free-text field (remarks, team) whose text is stored as typed and never overwritten while typing. */
export function TextField({
  stored,
  label,
  disabled,
  onStore,
  className = '',
  placeholder,
}: {
  stored: string | undefined;
  label: string;
  disabled?: boolean;
  onStore(text: string): Promise<unknown> | void;
  className?: string;
  placeholder?: string;
}) {
  const owned = useOwnedText(stored, onStore);
  return (
    <input
      type="text"
      aria-label={label}
      value={owned.value}
      disabled={disabled}
      readOnly={owned.loading || undefined}
      aria-busy={owned.loading || undefined}
      placeholder={owned.loading ? '…' : placeholder}
      onChange={owned.onChange}
      onFocus={owned.onFocus}
      onBlur={owned.onBlur}
      className={`min-h-11 w-full min-w-40 flex-1 rounded border border-slate-400 bg-white px-2 text-base aria-busy:animate-pulse aria-busy:bg-slate-100 dark:bg-slate-900 dark:aria-busy:bg-slate-800 ${className}`}
    />
  );
}
