import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { EntryTarget } from '../../readings/go-to-entry';
import { EntryLink } from './EntryLink';

export interface PromptItem {
  key: string;
  target: EntryTarget;
  label: ReactNode;
}

/**
 * A §8 prompt before sending that lists what to look at: each item links to its entry (cancelling the prompt
 * on the way); confirming goes on to the next prompt, or sends after the last one.
 */
export function EntryListPrompt({
  title,
  testId,
  intro,
  items,
  question,
  last,
  onConfirm,
  onCancel,
}: {
  title: string;
  testId: string;
  intro: ReactNode;
  items: readonly PromptItem[];
  question?: ReactNode;
  last: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={last ? t`Send` : t`Continue`}
      cancelLabel={t`Cancel`}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId={testId}
    >
      <p className="mb-2">{intro}</p>
      <ul className="mb-2 max-h-60 list-disc space-y-1 overflow-y-auto pl-5">
        {items.map((item) => (
          <li key={item.key}>
            <EntryLink target={item.target} before={onCancel}>
              {item.label}
            </EntryLink>
          </li>
        ))}
      </ul>
      {question && <p>{question}</p>}
    </ConfirmDialog>
  );
}
