import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { PickedEntry } from './rounds';

/** A plain JPEG as a camera would deliver it. */
export function jpeg(width: number, height: number, background: string, quality?: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg(quality ? { quality } : {})
    .toBuffer();
}

/** Adds a photo to an entry of the open table and waits until the table shows it. */
export async function addPhoto(
  page: Page,
  p: Pick<PickedEntry, 'label' | 'entry'>,
  photo: Buffer,
  name = 'photo.jpg',
): Promise<void> {
  await page.getByLabel(`Foto hinzufügen: ${p.label}`).setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
  await page
    .getByRole('img', { name: `Foto von ${p.entry.staNumber} ${p.entry.tsParameter}` })
    .waitFor({ timeout: 20_000 });
}
