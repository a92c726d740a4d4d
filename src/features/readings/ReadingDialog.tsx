import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * An accessible modal for one entry's measurement (discharge, snow, depth profile): a native <dialog>
 * opened with showModal (focus trapped, Escape closes), labelled by its heading; on close the focus goes
 * back to the control that opened it. Nothing is kept in the dialog itself: every field writes the draft.
 */
export function ReadingDialog({
  title,
  subtitle,
  open,
  onClose,
  children,
}: {
  title: string;
  subtitle?: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={() => {
        onClose();
        if (opener.current instanceof HTMLElement) opener.current.focus();
      }}
      className="m-auto max-h-[100dvh] w-full max-w-3xl overflow-y-auto bg-white p-0 text-slate-900 backdrop:bg-slate-950/60 max-sm:h-[100dvh] sm:rounded-lg sm:shadow-xl dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="flex flex-col">
          <header className="sticky top-0 z-10 flex items-start gap-3 border-b border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
            <div className="flex-1">
              <h2 id={headingId} className="text-lg font-semibold">
                {title}
              </h2>
              {subtitle && <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
            </div>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="min-h-11 min-w-11 rounded border border-slate-400 px-3 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t`Done`}
            </button>
          </header>
          <div className="space-y-4 p-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}
