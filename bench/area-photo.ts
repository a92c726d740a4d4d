// A 6,000 px camera photo added to an entry of the big table: from the file handed to the input
// to the resized photo stored and shown, and the longest main-thread task meanwhile (resize runs in a worker).
import type { Page } from 'playwright-core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { bigEntries } from './dataset';
import { record, type Profile } from './report';

let photo: Buffer | undefined;
const SMOKE = process.argv.includes('--smoke');

export async function photoResize(page: Page, profile: Profile, runs: number): Promise<void> {
  // a noisy picture, so the JPEG is as heavy to decode as a camera's (about 6 MB)
  photo ??= await sharp({
    create: {
      // the smoke only proves the way (the same input, worker and table): a smaller picture is made in a tenth of the time
      width: SMOKE ? 2000 : 6000,
      height: SMOKE ? 1500 : 4000,
      channels: 3,
      background: '#557799',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const photoFile = join(mkdtempSync(join(tmpdir(), 'bench-photo-')), 'camera.jpg');
  writeFileSync(photoFile, photo);
  const ms: number[] = [];
  const longest: number[] = [];
  const entries = bigEntries();
  // the first station's rows: the table renders the stations near the screen
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let r = 0; r < runs; r++) {
    const e = entries[r % entries.length];
    if (!e) break;
    const alt = `Foto von ${e.staNumber} ${e.tsParameter}`;
    await page.evaluate(
      ({ alt }) => {
        const w = window as unknown as { benchPhoto: Promise<{ ms: number; longest: number }> };
        const before = document.querySelectorAll(`img[alt="${alt}"]`).length;
        let longest = 0;
        // only tasks from the change event on: handing the file to the input is the driver's work, not the app's
        let since = Number.POSITIVE_INFINITY;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.startTime >= since) longest = Math.max(longest, entry.duration);
        });
        observer.observe({ type: 'longtask' });
        w.benchPhoto = new Promise((resolve, reject) => {
          document.addEventListener(
            'change',
            (ev) => {
              const t0 = ev.timeStamp;
              since = t0;
              const check = () => {
                if (document.querySelectorAll(`img[alt="${alt}"]`).length > before)
                  requestAnimationFrame(() =>
                    setTimeout(() => {
                      observer.disconnect();
                      resolve({ ms: performance.now() - t0, longest });
                    }),
                  );
                else if (performance.now() - t0 > 60_000) reject(new Error('photo never shown'));
                else requestAnimationFrame(check);
              };
              check();
            },
            { capture: true, once: true },
          );
        });
      },
      { alt },
    );
    // a file on disk, as a camera's: a buffer would be decoded from base64 on the page's main thread by the driver
    await page
      .getByLabel(`Foto hinzufügen: ${e.staName} ${e.staNumber} ${e.tsParameter}`, { exact: true })
      .first()
      .setInputFiles(photoFile, { timeout: 60_000 });
    const res = await page.evaluate(
      () => (window as unknown as { benchPhoto: Promise<{ ms: number; longest: number }> }).benchPhoto,
    );
    ms.push(res.ms);
    longest.push(res.longest);
  }
  record('photo: 6,000 px resized in a worker and stored', profile, ms, 'ms', 2000, {
    note: `${((photo.length ?? 0) / 1e6).toFixed(1)} MB JPEG; from the input's change event to the stored photo shown`,
  });
  record('photo: longest main-thread task meanwhile', profile, longest, 'ms', 50, {
    note: 'longtask observer; 0 = no task over 50 ms',
  });
}
