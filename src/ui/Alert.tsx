import type { ReactNode } from 'react';

export type AlertType = 'success' | 'info' | 'warning' | 'danger';

const STYLES: Record<AlertType, string> = {
  success: 'border-green-600 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-50',
  info: 'border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50',
  warning: 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  danger: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
};

/** A bordered message box; danger and warning are announced at once by screen readers. */
export function Alert({
  type,
  children,
  onClose,
  closeLabel,
  testId,
}: {
  type: AlertType;
  children: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
  testId?: string;
}) {
  return (
    <div
      role={type === 'danger' || type === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      className={`my-2 flex items-start gap-3 rounded border-l-4 p-3 ${STYLES[type]}`}
    >
      <div className="flex-1">{children}</div>
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="-my-2 -mr-2 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded text-2xl leading-none hover:bg-black/5 dark:hover:bg-white/10"
        >
          ×
        </button>
      )}
    </div>
  );
}
