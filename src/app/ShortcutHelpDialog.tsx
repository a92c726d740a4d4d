import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="whitespace-nowrap">
      {keys.map((k, i) => (
        <span key={k}>
          {i > 0 && ' '}
          <kbd className="rounded border border-slate-400 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
            {k}
          </kbd>
        </span>
      ))}
    </span>
  );
}

function Row({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700">
      <td className="w-44 py-1 pr-4 align-top">
        <Keys keys={keys} />
      </td>
      <td className="py-1">{children}</td>
    </tr>
  );
}

/**
 * §9 keyboard shortcuts and the table's spreadsheet keys in one overlay, opened with `k` (`?` is
 * the about/help page, §2).
 * A native modal dialog: focus moves into it, Escape closes it and focus returns to where it was.
 */
export function ShortcutHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) {
      d.showModal();
      // showModal focuses the first control (the help link); Close is what a keyboard user wants next
      close.current?.focus();
    }
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcut-help-title"
      onClose={onClose}
      className="m-auto max-h-[90dvh] w-[min(40rem,95vw)] overflow-auto rounded-lg border border-slate-300 bg-white p-4 text-slate-900 shadow-xl backdrop:bg-black/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="shortcut-help-title" className="mb-2 text-lg font-semibold">
        <Trans>Keyboard shortcuts</Trans>
      </h2>
      <table className="w-full text-sm">
        <caption className="py-1 text-left font-semibold">
          <Trans>Everywhere (not while typing in a field)</Trans>
        </caption>
        <tbody>
          <Row keys={['g', 'h']}>
            <Trans>Home: choose a group and date</Trans>
          </Row>
          <Row keys={['g', 'a']}>
            <Trans>Archive</Trans>
          </Row>
          <Row keys={['g', 'c']}>
            <Trans>Settings</Trans>
          </Row>
          <Row keys={['g', 'l']}>
            <Trans>Log in or log out</Trans>
          </Row>
          <Row keys={['g', 'p']}>
            <Trans>Permissions (administrators)</Trans>
          </Row>
          <Row keys={['?']}>
            <Trans>About and help</Trans>
          </Row>
          <Row keys={['k']}>
            <Trans>This list of shortcuts</Trans>
          </Row>
        </tbody>
      </table>
      <table className="mt-3 w-full text-sm">
        <caption className="py-1 text-left font-semibold">
          <Trans>In the table of a round</Trans>
        </caption>
        <tbody>
          <Row keys={['Tab', 'Shift+Tab']}>
            <Trans>Next or previous field</Trans>
          </Row>
          <Row keys={['↑', '↓']}>
            <Trans>Same field of the entry above or below</Trans>
          </Row>
          <Row keys={['←', '→']}>
            <Trans>Value, time and remark of the row, when the cursor is at the start or end of the text</Trans>
          </Row>
          <Row keys={['Enter']}>
            <Trans>Next value</Trans>
          </Row>
          <Row keys={['F7', 'F8']}>
            <Trans>Previous or next station</Trans>
          </Row>
          <Row keys={['F2']}>
            <Trans>Current time in a time field</Trans>
          </Row>
          <Row keys={['Esc']}>
            <Trans>Close a dialog</Trans>
          </Row>
        </tbody>
      </table>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/about"
          onClick={() => dialog.current?.close()}
          className="min-h-11 content-center rounded px-1 underline"
        >
          <Trans>Help and about</Trans>
        </Link>
        <form method="dialog">
          <button
            ref={close}
            type="submit"
            className="min-h-11 rounded bg-sky-700 px-4 font-semibold text-white hover:bg-sky-800"
          >
            {t`Close`}
          </button>
        </form>
      </div>
    </dialog>
  );
}
