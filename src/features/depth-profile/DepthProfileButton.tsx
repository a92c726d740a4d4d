import { Plural, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ReadingInputProps } from '../readings/reading-input-props';
import { DepthProfileDialog } from './DepthProfileDialog';

/** Opens the depth profile of an entry whose station offers one (docs/domain.md), with its row count. */
export function DepthProfileButton(props: ReadingInputProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const rows = props.draft?.depthProfile?.length ?? 0;
  return (
    <>
      <button
        type="button"
        disabled={props.disabled}
        onClick={() => setOpen(true)}
        aria-label={t`${props.label} depth profile`}
        className="min-h-11 self-start rounded border border-slate-400 bg-white px-2 text-sm hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700"
      >
        <Plural value={rows} _0="Depth profile" one="Depth profile (# row)" other="Depth profile (# rows)" />
      </button>
      <DepthProfileDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
