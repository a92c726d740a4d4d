// The first frame: what the page paints from the HTML alone, before the app's code (about 130 KB over a slow link,
// then the database's opening) has run. A classic script that index.html runs right after #root, written in plain
// JavaScript because it is emitted as written (scripts/first-frame-plugin.ts puts the three languages' texts in
// place of FIRST_FRAME_TEXTS), never bundled: it must not wait for, or share, any module.
//
// It paints the frame of the page the address names, in the language and theme this device chose: the navbar's bar,
// and the start page's heading and hint, or a round table's heading from the address. React replaces it with the
// same elements once the app has started (src/main.tsx renders only then), so a field worker on a slow link reads
// the screen they are waiting for at once instead of "…", and nothing moves when the app takes over. The frame holds
// no control: nothing in it can be pressed before the app can act on it.
/* global FIRST_FRAME_TEXTS, FIRST_FRAME_KEYS -- the texts and storage keys the build puts in (scripts/first-frame-plugin.ts) */
(function paintFirstFrame(texts, keys) {
  var root = document.getElementById('root');
  if (!root) return;

  // the theme first, so a dark-mode user never sees a light page flash (src/app/theme.ts reads the same key)
  var theme = null;
  try {
    theme = localStorage.getItem(keys.theme);
  } catch {
    // storage blocked: the system's preference
  }
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);

  // the language the user chose (src/app/i18n.ts), else German (§1)
  var locale = 'de';
  try {
    var chosen = localStorage.getItem(keys.locale);
    if (chosen && Object.prototype.hasOwnProperty.call(texts, chosen)) locale = chosen;
  } catch {
    // storage blocked: the default language
  }
  var t = texts[locale];
  // the field's start page (src/app/start-layout.ts) shows its stored tours where the office's shows the hint
  var field = false;
  try {
    field = localStorage.getItem(keys.startLayout) === 'field';
  } catch {
    // storage blocked: the office's layout, as on a first visit
  }
  document.documentElement.lang = locale;

  // the address below the app's base (<base href>, a sub-path on some servers)
  var base = new URL(document.baseURI).pathname;
  var path = location.pathname.indexOf(base) === 0 ? location.pathname.slice(base.length) : '';
  var segments = path
    .split('/')
    .filter(Boolean)
    .map(function (s) {
      try {
        return decodeURIComponent(s);
      } catch {
        return null;
      }
    });

  function el(tag, className, children) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  var content;
  if (segments.length === 0) {
    // the start page (src/features/groups/GroupSelection.tsx): its heading, the date row's place, the hint
    content = el('section', 'space-y-4', [
      el('h1', 'text-2xl font-semibold', [t.chooseRound]),
      // the row of the date field, the refresh button and the status, kept invisible: it holds the hint where the
      // app shows it, and offers nothing that cannot act yet
      el('div', 'invisible flex flex-wrap items-end gap-3', [
        // the classes of the label and DateField, the secondary Button and the status line: the same wrapping
        el('span', 'flex flex-col text-sm font-medium', [
          t.date,
          el('span', 'mt-1 min-h-11 w-40 rounded border border-slate-400 px-2 text-base'),
        ]),
        el('span', 'min-h-11 rounded border border-slate-400 px-4 py-2 font-semibold', [t.refresh]),
        el('span', 'text-sm', [t.notLoaded]),
      ]),
    ]);
    if (!field) content.append(el('p', 'text-sm text-slate-700 dark:text-slate-300', [t.hint]));
  } else if (
    segments.length === 3 &&
    segments[0] === 'stations' &&
    segments[1] &&
    /^\d{4}-\d{2}-\d{2}$/.test(segments[2])
  ) {
    // a round's table (src/features/office-table/TabularInput.tsx): its heading comes from the address
    var ymd = segments[2].split('-');
    var sep = locale === 'de' ? '.' : '/';
    content = el('section', 'space-y-3', [
      el('h1', 'text-xl font-semibold', [
        segments[1] + ' ',
        el('span', 'font-normal text-slate-600 dark:text-slate-400', ['· ' + ymd[2] + sep + ymd[1] + sep + ymd[0]]),
      ]),
    ]);
  } else {
    // any other page keeps the page's own "…" (its frame depends on data the app reads first)
    return;
  }

  // A preview, not the page: hidden from assistive technology (which hears "Loading…" instead) and without the
  // landmarks of the app's navbar and main, so nothing finds the app's elements in it before the app is there.
  content.setAttribute('aria-hidden', 'true');
  var status = el('p', 'sr-only', [t.loading]);
  status.setAttribute('role', 'status');
  var main = el('div', 'mx-auto min-h-dvh max-w-7xl px-2 py-3 sm:px-4', [status, content]);
  // the navbar's bar at its height (src/app/Navbar.tsx: a row of 44 px controls, 8 px above and below)
  var bar = el('div', 'border-b border-slate-200 bg-sky-900 text-white dark:border-slate-800 dark:bg-slate-900', [
    el('div', 'mx-auto flex max-w-7xl items-center px-2 py-2 sm:px-4', [el('span', 'min-h-11')]),
  ]);
  bar.setAttribute('aria-hidden', 'true');
  var frame = el('div', 'min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100', [bar, main]);
  frame.setAttribute('aria-busy', 'true');
  frame.setAttribute('data-first-frame', '');
  root.replaceChildren(frame);
})(FIRST_FRAME_TEXTS, FIRST_FRAME_KEYS);
