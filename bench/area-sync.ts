// Replication with the large dataset: the first pull of 120,000 historic values into RxDB, and a
// pull when nothing changed on the server (requests made, documents written to IndexedDB).
import type { Browser, Page } from 'playwright-core';
import { BIG_ENTRIES, BIG_VALUES } from './dataset';
import { record, type Profile } from './report';
import { DESKTOP, openPage, withLib } from './browser';

const API = '/hwe-api/v2/';

/** Resolves when no API request has been open for `quietMs`. */
async function apiQuiet(page: Page, quietMs: number, timeoutMs = 300_000): Promise<void> {
  let open = 0;
  let last = Date.now();
  const on = (delta: number) => (r: { url(): string }) => {
    if (!r.url().includes(API)) return;
    open += delta;
    last = Date.now();
  };
  const start = on(1);
  const end = on(-1);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const t0 = Date.now();
  try {
    while (open > 0 || Date.now() - last < quietMs) {
      if (Date.now() - t0 > timeoutMs) throw new Error('API never went quiet');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/**
 * A fresh device opens the app: from the first history request to all of the big round's values stored
 * (counted in IndexedDB). Returns the page, history stored, for the next measurements.
 */
export async function historyPull(
  browser: Browser,
  url: string,
  bundle: string,
  profile: Profile,
  rate: number,
  runs: number,
): Promise<void> {
  const ms: number[] = [];
  const requests: number[] = [];
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await openPage(context, rate);
      let first = 0;
      let count = 0;
      page.on('request', (req) => {
        if (!req.url().includes(`${API}timeseries-values`)) return;
        first ||= Date.now();
        count += 1;
      });
      await page.goto(url);
      const deadline = Date.now() + 300_000;
      for (;;) {
        // the big round's series each hold all their values once stored (a series is written whole)
        const stored = await withLib(page, bundle, (lib, min) => lib.storedHistoryValues(min as number), BIG_ENTRIES);
        if ((stored.values ?? 0) >= BIG_VALUES) break;
        if (Date.now() > deadline)
          throw new Error(`history pull: only ${stored.series} series, ${stored.values ?? '?'} values after 5 minutes`);
        await new Promise((res) => setTimeout(res, 200));
      }
      ms.push(Date.now() - first);
      requests.push(count);
    } finally {
      await context.close();
    }
  }
  record(
    `sync: first pull of ${BIG_VALUES.toLocaleString('en')} historic values into RxDB`,
    profile,
    ms,
    'ms',
    10_000,
    {
      note: `first history request → the big round's values counted in IndexedDB (series documents counted every 200 ms, their values once all series are there); ${requests[0]} history requests`,
    },
  );
}

/** "Refresh from server" when nothing changed: API requests made and documents written, on a device that has everything. */
export async function unchangedPull(
  page: Page,
  home: string,
  bundle: string,
  profile: Profile,
  runs: number,
): Promise<void> {
  const requests: number[] = [];
  const written: number[] = [];
  const ms: number[] = [];
  let detail = '';
  let paths: string[] = [];
  // the app's own pull at start first (it is the same pull), then the button's
  await page.goto(home);
  await apiQuiet(page, 3000);
  for (let r = 0; r < runs; r++) {
    const since = await page.evaluate(() => Date.now());
    let n = 0;
    const asked: string[] = [];
    const count = (req: { url(): string }) => {
      if (!req.url().includes(API)) return;
      n += 1;
      asked.push(new URL(req.url()).pathname.slice(API.length - 1));
    };
    page.on('request', count);
    const button = page.getByRole('button', { name: 'Vom Server aktualisieren' });
    const t0 = Date.now();
    await button.click();
    await page.getByRole('button', { name: 'Wird geladen…' }).waitFor({ state: 'detached', timeout: 300_000 });
    ms.push(Date.now() - t0);
    page.off('request', count);
    const perCollection = await withLib(page, bundle, (lib, s) => lib.writtenSince(s as number), since);
    requests.push(n);
    paths = asked;
    written.push(Object.values(perCollection).reduce((a, b) => a + b, 0));
    detail = JSON.stringify(perCollection);
  }
  record('sync: pull when nothing changed, requests', profile, requests, 'requests', 5, {
    note: `last run: ${paths.join(', ')}`,
  });
  record('sync: pull when nothing changed, documents written', profile, written, 'docs', 0, {
    note: `per collection (last run): ${detail}`,
  });
  record('sync: pull when nothing changed, duration', profile, ms, 'ms');
}
