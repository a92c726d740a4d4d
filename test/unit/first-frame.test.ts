// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_FRAME_MESSAGES, firstFrameScript, firstFrameTexts } from '../../scripts/first-frame-plugin';
import { STORAGE_KEYS } from '../../src/app/storage-keys';

let script = '';
beforeAll(() => {
  script = firstFrameScript();
  // jsdom has no media queries: a system in light mode
  window.matchMedia = (query: string) => ({ matches: false, media: query }) as MediaQueryList;
});

/** The page as index.html leaves it, at an address under a base, with this device's stored choices. */
function paint(
  path: string,
  opts: { base?: string; locale?: string; theme?: string; layout?: string } = {},
): HTMLElement {
  const base = opts.base ?? '/';
  history.replaceState(null, '', path);
  document.head.innerHTML = `<base href="${base}">`;
  document.documentElement.className = '';
  document.body.innerHTML = '<div id="root"><p role="status">…</p></div>';
  localStorage.clear();
  if (opts.locale) localStorage.setItem(STORAGE_KEYS.locale, opts.locale);
  if (opts.theme) localStorage.setItem(STORAGE_KEYS.theme, opts.theme);
  if (opts.layout) localStorage.setItem(STORAGE_KEYS.startLayout, opts.layout);
  // run as the browser runs a classic script: in the page's global scope
  new Function(script)();
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  return root;
}

afterEach(() => localStorage.clear());

describe('the first frame (painted from the HTML before the app runs)', () => {
  it.each([
    ['de', 'Messrunde wählen', 'Büro: jetzt in der Tabelle erfassen.'],
    ['en', 'Choose a measure round', 'Office: enter in the table now.'],
    ['it', 'Scegli un giro di misura', 'Ufficio:'],
  ])('start page in %s: the heading and the hint of the app, in the chosen language', (locale, heading, hint) => {
    const root = paint('/?date=2026-12-06', { locale });
    const h1 = root.querySelector('h1');
    expect(h1?.textContent).toBe(heading);
    expect(root.querySelector('p.text-sm')?.textContent).toContain(hint);
    expect(document.documentElement.lang).toBe(locale);
  });

  it("the field's start page (stored tours first): the heading and the date row, not the hint in the tours' place", () => {
    const field = paint('/', { layout: 'field' });
    expect(field.querySelector('h1')?.textContent).toBe('Messrunde wählen');
    expect(field.textContent).not.toContain('Büro:');
    expect(paint('/', { layout: 'office' }).textContent).toContain('Büro:');
  });

  it('German without a chosen language (§1), and an unknown stored language is not taken', () => {
    expect(paint('/').querySelector('h1')?.textContent).toBe('Messrunde wählen');
    expect(paint('/', { locale: 'fr' }).querySelector('h1')?.textContent).toBe('Messrunde wählen');
  });

  it("a round's table: the round's name and the date from the address, formatted as the app formats them", () => {
    const group = 'Talsperre Gepatsch Kontrollgang';
    const path = `/stations/${encodeURIComponent(group)}/2026-12-06`;
    expect(paint(path).querySelector('h1')?.textContent).toBe(`${group} · 06.12.2026`);
    expect(paint(path, { locale: 'en' }).querySelector('h1')?.textContent).toBe(`${group} · 06/12/2026`);
    expect(paint(path, { locale: 'it' }).querySelector('h1')?.textContent).toBe(`${group} · 06/12/2026`);
  });

  it('under a sub-path base, the address below the base names the page', () => {
    const root = paint('/hydro/app/stations/Quellen%20Kaunertal/2026-12-06', { base: '/hydro/app/' });
    expect(root.querySelector('h1')?.textContent).toBe('Quellen Kaunertal · 06.12.2026');
    expect(paint('/hydro/app/', { base: '/hydro/app/' }).querySelector('h1')?.textContent).toBe('Messrunde wählen');
  });

  it.each([
    '/archive',
    '/stations/Quellen/not-a-date',
    '/stations/Quellen',
    '/mobile/8d0c2f36-7a4e-4d43-9d57-5d0c1c1f3f4e',
    '/stations/%E0%A4%A/2026-12-06',
  ])('%s keeps the page\'s own "…" (no frame it could not draw right)', (path) => {
    const root = paint(path);
    expect(root.querySelector('h1')).toBeNull();
    expect(root.textContent).toBe('…');
  });

  it('holds no control or landmark, says it is loading, and marks the page busy', () => {
    const root = paint('/');
    expect(root.querySelectorAll('button, a, input, select, textarea, [tabindex]')).toHaveLength(0);
    // the app's navbar and main are the page's landmarks; a test or a screen reader finds none in the preview
    expect(root.querySelectorAll('header, main, nav, [role]:not([role="status"])')).toHaveLength(0);
    expect(root.querySelector('[data-first-frame]')?.getAttribute('aria-busy')).toBe('true');
    expect(root.querySelector('section')?.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelector('[role="status"]')?.textContent).toBe(firstFrameTexts().de?.loading);
    // the date row only holds the hint's place
    expect(root.querySelector('.invisible')?.textContent).toContain('Datum');
  });

  it.each([
    ['dark', true],
    ['light', false],
  ])('the stored theme (%s) before the first paint', (theme, dark) => {
    paint('/archive', { theme });
    expect(document.documentElement.classList.contains('dark')).toBe(dark);
  });

  it("every text is the catalog's own, in each language", () => {
    const texts = firstFrameTexts();
    for (const locale of ['de', 'en', 'it']) {
      const po = readFileSync(`locales/${locale}.po`, 'utf8');
      for (const key of Object.keys(FIRST_FRAME_MESSAGES) as (keyof typeof FIRST_FRAME_MESSAGES)[]) {
        const text = texts[locale]?.[key] ?? '';
        expect(text, `${locale} ${key}`).not.toBe('');
        expect(po).toContain(`msgstr "${text.replaceAll('"', '\\"')}"`);
      }
    }
  });
});
