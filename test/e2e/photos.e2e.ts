import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound } from './harness';
import { gotoTable, pickOtherRound, sharedDevice } from './visits';
import { formatDe, pickNumericEntries } from './rounds';
import { addPhoto, jpeg } from './photo';
import { testEndpoint } from '../../server/http/faults';

describe('photos', () => {
  const env = serverAndBrowser('e2e-photos-');
  // The slow-link test and the not-an-image test share a device (one first visit): the second opens a round the
  // first did not send. The dropped-upload test keeps its own, fresh device.
  const device = sharedDevice(env.browser);

  it('uploads every photo exactly once although the connection drops during the image uploads', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 2);
    const { context, page, errors } = await openTable(env.browser(), env.server(), round.mrName);
    // a large camera picture: it is resized, never refused for its size
    const photo = await jpeg(4000, 3000, '#557799', 90);
    for (const p of picked) {
      await page
        .getByRole('textbox', { name: p.label, exact: true })
        .pressSequentially(formatDe(p.good), { delay: 20 });
      await addPhoto(page, p, photo);
    }
    // the table shows each photo's small copy (160 px), never the stored 4,000 px photo: that one was read from the
    // database and decoded on the main thread whenever its station came on screen
    const shown = page.getByRole('img', { name: /^Foto von / });
    await expect
      .poll(() => shown.evaluateAll((imgs) => imgs.map((i) => `${(i as HTMLImageElement).naturalWidth}`)))
      .toEqual(picked.map(() => '160'));
    // the first image upload loses its connection after the server stored it; the retry sends it again
    await testEndpoint(env.server(), 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPattern: '/image/', status: 'drop-after', times: 1 }),
    });
    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });

    const log = (await (await testEndpoint(env.server(), 'requests')).json()) as {
      method: string;
      path: string;
      status: number | string;
    }[];
    const uploads = log.filter((r) => r.method === 'POST' && r.path.includes('/image/'));
    // the lost answer is retried (by the browser on the reset connection or by the app after 5 s): all succeed
    expect(uploads[0]?.status).toBe('dropped');
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    expect(uploads.slice(1).every((u) => u.status === 200)).toBe(true);
    const images = await env
      .server()
      .db.query<{ image_id: string; width: number; height: number }>('select image_id, width, height from image');
    expect(images).toHaveLength(2);
    expect(images.every((i) => Math.max(i.width, i.height) <= 6000 && i.width === 4000)).toBe(true);
    const [submission] = await env
      .server()
      .db.query<{ body: { entries: { tsRemark?: { images?: string[] } }[] } }>('select body from submission');
    expect(submission?.body.entries.flatMap((e) => e.tsRemark?.images ?? []).sort()).toEqual(
      images.map((i) => i.image_id).sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the values, then each photo, arriving over a slow link', async () => {
    const { round, picked } = await pickNumericEntries(env.server(), 3);
    const { page, errors } = await device();
    await gotoTable(page, env.server(), round.mrName);
    const photo = await jpeg(800, 600, '#997755');
    for (const p of picked) {
      await page
        .getByRole('textbox', { name: p.label, exact: true })
        .pressSequentially(formatDe(p.good), { delay: 20 });
      await addPhoto(page, p, photo);
    }
    // every image upload takes 1.5 s, as on a weak mobile connection
    await testEndpoint(env.server(), 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPattern: '/image/', status: 'slow', delayMs: 1500, times: 3 }),
    });
    await submitRound(page);
    const progress = page.getByTestId('submit-progress');
    const bar = progress.getByRole('progressbar', { name: 'Gesendete Fotos' });
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          if (await progress.isVisible().catch(() => false))
            seen.add((await progress.textContent().catch(() => '')) ?? '');
          return page.getByTestId('submit-success').isVisible();
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const texts = [...seen].join('\n');
    expect(texts).toContain('Werte gesendet');
    expect(texts).toContain('Fotos: 1 von 3 gesendet');
    expect(texts).toContain('Fotos: 2 von 3 gesendet');
    expect(await bar.count()).toBe(0); // gone once sent
    expect(errors).toEqual([]);
  });

  it('tells the user when a file is not an image and keeps everything else', async () => {
    // a round other than the one sent above, with a numeric entry
    const { round: sent } = await pickNumericEntries(env.server(), 1);
    const { round: other, picked: p } = await pickOtherRound(env.server(), [sent.mrName]);
    const { page } = await device();
    await gotoTable(page, env.server(), other.mrName);
    await page
      .getByLabel(`Foto hinzufügen: ${p.label}`)
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') });
    await page.getByText('Diese Datei ist kein lesbares Bild.', { exact: false }).waitFor({ timeout: 20_000 });
    // a photo alone fills its entry: the counter says so before any value is typed
    const bar = page.getByTestId('submit-bar');
    expect(await bar.textContent()).toContain('0 Einträge ausgefüllt');
    const photo = await jpeg(640, 480, '#335577');
    await addPhoto(page, p, photo);
    await expect.poll(() => bar.textContent()).toContain('1 Eintrag ausgefüllt');
  });
});
