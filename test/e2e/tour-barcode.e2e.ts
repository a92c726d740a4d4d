import { testToday } from '../support/dates';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { prepareZXingModule, writeBarcode, type WriterOptions } from 'zxing-wasm/writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasureRound } from '../../schemas/api';
import {
  ANDROID_PHONE,
  api,
  CHROMIUM,
  CHROMIUM_ARGS,
  HEADLESS_SHELL,
  startTestServer,
  tempDir,
  watchErrors,
  type TestServer,
  waitForServiceWorker,
} from './harness';

const today = testToday();
const SHOTS = 'test-results';
const ROUND = 'Quellen Kaunertal';
const PHONE = ANDROID_PHONE;

// the writer's wasm from node_modules: the test generates its barcodes without any network
const require = createRequire(import.meta.url);
const writerWasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
prepareZXingModule({
  overrides: {
    wasmBinary: writerWasm.buffer.slice(
      writerWasm.byteOffset,
      writerWasm.byteOffset + writerWasm.byteLength,
    ) as ArrayBuffer,
  },
});

async function barcodePng(text: string, format: WriterOptions['format'], scale: number): Promise<Buffer> {
  const out = await writeBarcode(text, { format, scale });
  if (!out.image) throw new Error(`no barcode for ${text}: ${out.error}`);
  return Buffer.from(await out.image.arrayBuffer());
}

/** A label on a grey wall, as a phone photographs it: the barcode is a part of a bigger picture. */
async function photoOf(label: Buffer, width: number, height: number, background: string): Promise<sharp.Sharp> {
  return sharp({ create: { width, height, channels: 3, background } }).composite([{ input: label, gravity: 'centre' }]);
}

/** A YUV4MPEG2 clip (I420) of a still picture, for Chromium's fake camera (--use-file-for-fake-video-capture). */
async function y4mOf(picture: sharp.Sharp, width: number, height: number, frames: number): Promise<Buffer> {
  const luma = await picture.clone().greyscale().raw().toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma.subarray(0, width * height), chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: frames }, () => frame),
  ]);
}

/** The element with the focus: inside which entry card, and inside its value field or not. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const card = el?.closest('article[data-tsid]');
    return {
      tsId: card?.getAttribute('data-tsid') ?? null,
      inValue: el?.closest('[data-entry-value]') !== null,
      scanned: card?.getAttribute('data-scanned') ?? null,
    };
  });

describe('barcode on the outdoor tour', () => {
  const data = tempDir('e2e-barcode-data-');
  const files = tempDir('e2e-barcode-files-');
  let server: TestServer;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    server = await startTestServer(data.path);
  });
  afterAll(async () => {
    for (const b of browsers.splice(0)) await b.close();
    await server?.close();
    data.remove();
    files.remove();
  });

  /** A phone browser of its own (extra flags for a fake camera) with the round stored and the network gone. */
  async function storeRoundOffline(
    extraArgs: string[] = [],
  ): Promise<{ page: Page; failed: string[]; errors: string[] }> {
    const browser = await chromium.launch({
      // the camera is Chromium's fake device, which the headless shell does not offer (harness.ts)
      executablePath: extraArgs.length > 0 ? CHROMIUM : HEADLESS_SHELL,
      headless: true,
      args: [...CHROMIUM_ARGS, ...extraArgs],
    });
    browsers.push(browser);
    const context = await browser.newContext(PHONE);
    // every camera track the app opens, so the test can see it closed again
    await context.addInitScript(() => {
      const w = window as unknown as { cameraTracks: MediaStreamTrack[] };
      w.cameraTracks = [];
      const media = navigator.mediaDevices as MediaDevices | undefined;
      if (!media) return;
      const open = media.getUserMedia.bind(media);
      media.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        w.cameraTracks.push(...stream.getTracks());
        return stream;
      };
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/?date=${today}`);
    await page
      .getByRole('link', { name: new RegExp(ROUND) })
      .first()
      .waitFor({ timeout: 60_000 });
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: `${ROUND} offline nehmen` }).click();
    await page.getByTestId('store-tour-dialog').getByRole('button', { name: 'Auf diesem Gerät speichern' }).click();
    await page.waitForURL(/\/mobile\//);
    await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor();
    // offline from the moment the round is stored: the reader and its wasm must come from the service worker
    await context.setOffline(true);
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      const error = r.failure()?.errorText ?? '';
      // the reload cancels the pages' code and stylesheets the app was still preloading in the background:
      // cancelled, not failed; the reader's wasm and everything else stay strict
      if (error === 'net::ERR_ABORTED' && /\/assets\/[^/]+\.(js|css)$/.test(new URL(r.url()).pathname)) return;
      failed.push(`${r.url()} ${error}`);
    });
    await page.reload();
    await page.getByRole('list', { name: 'Stationen der Messrunde' }).waitFor({ timeout: 20_000 });
    return { page, failed, errors };
  }

  it('finds timeseries and stations offline by a photo, the camera and typing, and names a code of no entry', async () => {
    for (const b of browsers.splice(0)) await b.close(); // a retry starts with browsers of its own
    const round = (await api<{ mrId: string; mrName: string }[]>(server, '/measure-round')).find(
      (r) => r.mrName === ROUND,
    );
    const { entries } = await api<MeasureRound>(server, `/measure-round/${round?.mrId ?? ''}`);
    // the demo labels: a timeseries in the middle of the round, another one for the camera, a station plate
    const byPhoto = entries.find((e) => e.tsId === '3003-WT');
    const byCamera = entries.find((e) => e.tsId === '3006-LF');
    if (!byPhoto?.tsBarcode || !byCamera?.tsBarcode) throw new Error('demo entries without barcodes');
    const plate = String(entries.find((e) => e.staNumber === '3005')?.staMetadata?.barcode ?? '');
    expect(plate).toBe('ST-3005');

    const photo = await (
      await photoOf(await barcodePng(byPhoto.tsBarcode, 'Code128', 4), 1600, 1200, '#8a8f94')
    )
      .jpeg({ quality: 85 })
      .toBuffer();
    const video = join(files.path, 'camera.y4m');
    writeFileSync(
      video,
      await y4mOf(await photoOf(await barcodePng(byCamera.tsBarcode, 'Code128', 3), 640, 480, '#9aa0a6'), 640, 480, 10),
    );

    // a phone without a usable camera first (no fake device): photo, typing, and the camera's refusal
    const { page, failed, errors } = await storeRoundOffline();

    // the photo path: the label's timeseries opens in the input view with its value field focused
    await page.getByRole('link', { name: 'Barcode', exact: true }).click();
    await page.getByRole('heading', { name: 'Barcode scannen' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/tour-barcode-light.png` });
    await page.getByTestId('barcode-photo').setInputFiles({ name: 'label.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.waitForURL(
      (url) => url.searchParams.get('view') === 'input' && url.searchParams.get('ts') === byPhoto.tsId,
      { timeout: 30_000 },
    );
    await expect.poll(() => page.getByTestId('station-title').textContent()).toContain(byPhoto.staName);
    await expect.poll(() => focused(page)).toEqual({ tsId: byPhoto.tsId, inValue: true, scanned: 'true' });
    // scrolled to, neither left below the station's first timeseries nor hidden under the navbar or the tabs
    const visible = await page.evaluate(() => {
      const field = document.activeElement?.getBoundingClientRect();
      const navbar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const tabs = document.querySelector('nav[aria-label="Tour"]')?.getBoundingClientRect().top ?? innerHeight;
      return field !== undefined && field.top >= navbar && field.bottom <= tabs;
    });
    expect(visible).toBe(true);
    await page.screenshot({ path: `${SHOTS}/tour-barcode-found-light.png` });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SHOTS}/tour-barcode-found-dark.png` });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // a typed code of no entry is named, and the scanner stays open
    await page.getByRole('link', { name: 'Barcode', exact: true }).click();
    const manual = page.getByRole('textbox', { name: 'Barcode', exact: true });
    await manual.pressSequentially('XYZ-404', { delay: 20 });
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect.poll(() => page.getByTestId('barcode-no-match').textContent()).toContain('„XYZ-404“');
    expect(new URL(page.url()).searchParams.get('view')).toBe('barcode');

    // no camera on this device: said, with the other ways
    await page.getByRole('button', { name: 'Mit der Kamera scannen' }).click();
    await expect.poll(() => page.getByTestId('barcode-no-camera').textContent()).toContain('aus einem Foto lesen');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SHOTS}/tour-barcode-dark.png` });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // a station plate, typed in another case: the station opens at its top
    await manual.fill('');
    await manual.pressSequentially(plate.toLowerCase(), { delay: 20 });
    await manual.press('Enter');
    await expect.poll(() => page.getByTestId('station-title').textContent()).toContain('Verpeil');
    expect(new URL(page.url()).searchParams.get('ts')).toBeNull();
    // the scanner on a desktop-sized screen too
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Barcode', exact: true }).click();
    await page.getByRole('heading', { name: 'Barcode scannen' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/tour-barcode-desktop-light.png` });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SHOTS}/tour-barcode-desktop-dark.png` });
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);

    // a phone whose camera (Chromium's fake device) films the second label, camera use allowed: the scanner
    // starts the camera by itself and opens the label's timeseries
    const filming = await storeRoundOffline([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    await filming.page.getByRole('link', { name: 'Barcode', exact: true }).click();
    await filming.page.waitForURL((url) => url.searchParams.get('ts') === byCamera.tsId, { timeout: 30_000 });
    await expect.poll(() => focused(filming.page)).toEqual({ tsId: byCamera.tsId, inValue: true, scanned: 'true' });
    // leaving the scanner released the camera
    const tracks = () =>
      filming.page.evaluate(() =>
        (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => t.readyState),
      );
    expect((await tracks()).length).toBeGreaterThan(0);
    await expect.poll(tracks).not.toContain('live');
    expect(filming.failed).toEqual([]);
    expect(filming.errors).toEqual([]);
  });
});
