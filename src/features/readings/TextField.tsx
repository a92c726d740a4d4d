import { LOADING_FIELD_CLASSES, ownedInputProps, useOwnedText } from './use-owned-text';
import { useFieldForm } from '../../ui/field-form';

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
  const form = useFieldForm();
  return (
    <input
      form={form}
      type="text"
      aria-label={label}
      {...ownedInputProps(owned, placeholder)}
      disabled={disabled}
      className={`min-h-11 w-full min-w-40 flex-1 rounded border border-slate-400 bg-white px-2 text-base dark:bg-slate-900 ${LOADING_FIELD_CLASSES} ${className}`}
    />
  );
}
