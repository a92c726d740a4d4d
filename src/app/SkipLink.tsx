import { Trans } from '@lingui/react/macro';

/**
 * The first Tab stop of every screen: past the navbar to the content (26 Tabs to the table's first
 * value). Hidden until focused. A screen that has a first value (the table) focuses it itself on opening.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        // the router would treat the hash as a navigation; the focus move is all that is wanted
        e.preventDefault();
        const main = document.getElementById('main');
        const first = main?.querySelector<HTMLElement>(
          'input[data-value-input]:not(:disabled), [role="radiogroup"][data-value-input] [role="radio"][tabindex="0"]',
        );
        (first ?? main)?.focus();
      }}
      className="sr-only z-50 rounded bg-amber-300 px-3 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      <Trans>Skip to the content</Trans>
    </a>
  );
}
