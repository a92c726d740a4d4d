import type { RxDocument } from 'rxdb';
import { describe, expect, it } from 'vitest';
import type { PhotoDoc } from '../../../schemas/db/photo-doc';
import { InstancePhotos, NO_PHOTOS } from './instance-photos';

// what the store reads of a photo: its entry; a new object stands for a changed document, as RxDB gives one
const photo = (id: string, tsId: string) => ({ id, tsId }) as unknown as RxDocument<PhotoDoc>;

describe('the photos of a table, by entry', () => {
  it('groups them by entry in the order given; an entry without any has the one empty list', () => {
    const a1 = photo('1', 'a');
    const b = photo('2', 'b');
    const a2 = photo('3', 'a');
    const photos = new InstancePhotos('i');
    photos.update([a1, b, a2]);
    expect(photos.photosOf('a')).toEqual([a1, a2]);
    expect(photos.photosOf('b')).toEqual([b]);
    expect(photos.photosOf('c')).toBe(NO_PHOTOS);
  });

  it.each([
    {
      change: 'a photo added to b',
      next: (a: RxDocument<PhotoDoc>, b: RxDocument<PhotoDoc>) => [a, b, photo('3', 'b')],
      heard: ['b'],
    },
    { change: 'b changed', next: (a: RxDocument<PhotoDoc>) => [a, photo('2', 'b')], heard: ['b'] },
    { change: 'b deleted', next: (a: RxDocument<PhotoDoc>) => [a], heard: ['b'] },
    {
      change: 'a photo of c, a new entry',
      next: (a: RxDocument<PhotoDoc>, b: RxDocument<PhotoDoc>) => [a, b, photo('4', 'c')],
      heard: ['c'],
    },
    { change: 'nothing', next: (a: RxDocument<PhotoDoc>, b: RxDocument<PhotoDoc>) => [a, b], heard: [] },
  ])('tells only the entries whose photos changed ($change), and keeps the others’ lists', ({ next, heard }) => {
    const a = photo('1', 'a');
    const b = photo('2', 'b');
    const photos = new InstancePhotos('i');
    photos.update([a, b]);
    const listOfA = photos.photosOf('a');
    const told: string[] = [];
    for (const tsId of ['a', 'b', 'c']) photos.subscribe(tsId, () => told.push(tsId));
    photos.update(next(a, b));
    expect(told).toEqual(heard);
    expect(photos.photosOf('a')).toBe(listOfA);
  });

  it('tells a row no more once it unsubscribed', () => {
    const photos = new InstancePhotos('i');
    let told = 0;
    const stop = photos.subscribe('a', () => (told += 1));
    photos.update([photo('1', 'a')]);
    stop();
    photos.update([]);
    expect(told).toBe(1);
    expect(photos.photosOf('a')).toBe(NO_PHOTOS);
  });
});
