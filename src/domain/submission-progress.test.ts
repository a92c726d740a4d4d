import { describe, expect, it } from 'vitest';
import { submissionProgress } from './submission-progress';

const order = ['values', 'images'] as const;
const photos = (uploaded: number, total: number) =>
  Array.from({ length: total }, (_, i) => ({ uploaded: i < uploaded }));

describe('submissionProgress', () => {
  it.each([
    ['queued, nothing sent yet', { syncState: 'queued', queuedAt: 100 }, photos(0, 2), ['waiting', 'waiting'], 0],
    ['sending values', { syncState: 'sending', queuedAt: 100 }, photos(0, 2), ['running', 'waiting'], 0],
    [
      'values done, photo 1 of 2 up',
      { syncState: 'sending', queuedAt: 100, attemptLog: [{ at: 150, step: 'values' as const, ok: true }] },
      photos(1, 2),
      ['done', 'running'],
      1,
    ],
    [
      'a values success of an earlier try does not count',
      { syncState: 'sending', queuedAt: 100, attemptLog: [{ at: 50, step: 'values' as const, ok: true }] },
      photos(0, 1),
      ['running', 'waiting'],
      0,
    ],
    [
      'a failed values try is not done; the retry runs',
      { syncState: 'sending', queuedAt: 100, attemptLog: [{ at: 150, step: 'values' as const, ok: false }] },
      photos(0, 1),
      ['running', 'waiting'],
      0,
    ],
    [
      'photos uploaded in an earlier try stay done',
      { syncState: 'sending', queuedAt: 100 },
      photos(2, 2),
      ['running', 'done'],
      2,
    ],
    ['sent: all done', { syncState: 'sent', queuedAt: 100 }, photos(1, 1), ['done', 'done'], 1],
    [
      'error: the failed step waits, nothing runs',
      { syncState: 'error', queuedAt: 100, attemptLog: [{ at: 150, step: 'values' as const, ok: true }] },
      photos(0, 1),
      ['done', 'waiting'],
      0,
    ],
    [
      'no photos: the image step is done once logged',
      {
        syncState: 'sending',
        queuedAt: 100,
        attemptLog: [
          { at: 150, step: 'values' as const, ok: true },
          { at: 160, step: 'images' as const, ok: true },
        ],
      },
      [],
      ['done', 'done'],
      0,
    ],
  ])('%s', (_name, instance, list, states, uploaded) => {
    const p = submissionProgress(instance, list, order);
    expect(p.steps.map((s) => s.state)).toEqual(states);
    expect(p.photosUploaded).toBe(uploaded);
    expect(p.photosTotal).toBe(list.length);
  });

  it('follows the posting order given', () => {
    expect(submissionProgress({ syncState: 'sending' }, [], ['images', 'values']).steps).toEqual([
      { step: 'images', state: 'running' },
      { step: 'values', state: 'waiting' },
    ]);
  });

  it('without a queue time every logged success counts', () => {
    expect(
      submissionProgress({ syncState: 'sending', attemptLog: [{ at: 1, step: 'values', ok: true }] }, [], order)
        .steps[0]?.state,
    ).toBe('done');
  });
});
