import { createContext, useContext, useId, type FormEvent, type ReactNode } from 'react';

/*
 * Why the fields of one entry share a form of their own, on pages of hundreds of fields: Chrome's autofill answers
 * each key typed into a field without a form by reading every such field of the page (its labels, whether it can
 * take the focus) in a task of its own between the key and its write. In the 2,000-entry table that was 4 ms a key
 * (15–19 ms at 4× CPU); a field with a form is read with its form's fields only. One form per entry, not per field:
 * autofill also reads every form of the page whenever fields come or go (a station scrolled into the table), and
 * that costs about as much per form as per field (docs/benchmarks.md, 8 Dec). The form is an empty element; the
 * fields name it by its id (the `form` attribute), since a form cannot hold the cells of a table row.
 */

const FieldFormId = createContext<string | undefined>(undefined);

const keepHere = (e: FormEvent) => e.preventDefault();

/**
 * The fields inside belong to one form of their own (rendered by `FieldForm`, in one of their cells); never around a
 * form of their own.
 */
export function InFieldForm({ children }: { children: ReactNode }) {
  return <FieldFormId value={useId()}>{children}</FieldFormId>;
}

/**
 * The empty form the fields of its `InFieldForm` belong to. Nothing is ever submitted: Enter in a form of one field
 * submits it, and that is cancelled.
 */
export function FieldForm() {
  const id = useContext(FieldFormId);
  return id === undefined ? null : <form id={id} hidden noValidate onSubmit={keepHere} />;
}

/** The `form` attribute of a text field: its entry's form, or none (the field's own ancestor form, if any). */
export function useFieldForm(): string | undefined {
  return useContext(FieldFormId);
}
