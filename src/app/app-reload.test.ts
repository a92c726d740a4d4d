import { describe, expect, it } from 'vitest';
import { appReloadMark } from './app-reload';

const TABLE = '/stations/Gruppe%20A/2026-11-25';

describe('appReloadMark', () => {
  it('is taken by the table on the page the app reload landed on, once', () => {
    const mark = appReloadMark(TABLE);
    mark.navigated(TABLE); // the initial navigation resolves on the landed page
    expect(mark.take(TABLE)).toBe(true);
    expect(mark.take(TABLE)).toBe(false);
  });

  it('does not hold for a table opened later when the reload landed on the start page', () => {
    const mark = appReloadMark('/');
    mark.navigated('/');
    mark.navigated(TABLE);
    expect(mark.take(TABLE)).toBe(false);
  });

  it('is dropped when the user leaves the landed page before its table asked', () => {
    const mark = appReloadMark(TABLE);
    mark.navigated('/');
    mark.navigated(TABLE);
    expect(mark.take(TABLE)).toBe(false);
  });

  it('does not hold for a table on another path than the landed one', () => {
    expect(appReloadMark('/').take(TABLE)).toBe(false);
  });

  it('is never set by an ordinary page load', () => {
    const mark = appReloadMark(null);
    mark.navigated(TABLE);
    expect(mark.take(TABLE)).toBe(false);
  });
});
