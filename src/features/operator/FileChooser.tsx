import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';

/**
 * A file field in the app's language: the browser's own button speaks the browser's language ("Choose Files"
 * on a German screen), so the input is visually hidden and a label styled as a button opens it. The input keeps
 * the focus (its ring drawn on the button) and its name from the visible field label.
 */
export function FileChooser({
  label,
  files,
  onChange,
  folder = false,
}: {
  label: string;
  files: readonly File[];
  onChange(files: File[]): void;
  /** the whole folder (webkitdirectory), its files keeping their paths */
  folder?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const labelId = `${id}-label`;
  const chosen =
    files.length === 0
      ? t`No file chosen`
      : files.length === 1
        ? (files[0]?.name ?? '')
        : t`${files.length} files: ${files
            .slice(0, 3)
            .map((f) => f.name)
            .join(', ')}${files.length > 3 ? ', …' : ''}`;
  return (
    <div className="space-y-1">
      <label id={labelId} htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="flex max-w-xl flex-wrap items-center gap-3 rounded border border-slate-400 p-2 text-sm">
        <input
          id={id}
          type="file"
          multiple
          aria-labelledby={labelId}
          className="peer sr-only"
          {...(folder ? { webkitdirectory: '' } : {})}
          onChange={(e) => onChange(e.target.files ? [...e.target.files] : [])}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className="inline-flex min-h-11 cursor-pointer items-center rounded bg-sky-700 px-3 font-semibold text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-500 hover:bg-sky-800"
        >
          {folder ? <Trans>Choose a folder</Trans> : <Trans>Choose files</Trans>}
        </label>
        <span className="min-w-0 break-words">{chosen}</span>
      </div>
    </div>
  );
}
