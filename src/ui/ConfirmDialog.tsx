import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** e.g. until every listed item is ticked */
  confirmDisabled?: boolean;
  /** 'danger' for a confirmation that removes something */
  confirmVariant?: 'primary' | 'danger';
  testId?: string;
}

/**
 * A modal question with confirm and cancel, shown while it is mounted. It is the app's one modal
 * (`Dialog`: native <dialog>, focus kept inside, Escape = cancel) with a scrolling body and the two
 * buttons, so keyboard and screen-reader users get the same prompt as mouse users.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirmDisabled,
  confirmVariant = 'primary',
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog open title={title} onClose={onCancel} testId={testId}>
      <div className="max-h-[65vh] min-w-0 overflow-y-auto break-words">{children}</div>
      <div className="mt-3 flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
