import { describe, expect, it } from 'vitest';
import { printRound, type PrintTarget } from './print-round';

function fakeWindow(print: (t: PrintTarget) => void = () => undefined) {
  const titles: string[] = [];
  const target: PrintTarget = {
    document: { title: 'Messrunden' },
    print: () => {
      titles.push(target.document.title);
      print(target);
    },
  };
  return { target, titles };
}

describe('printRound (print before saving)', () => {
  it('prints with the round as the document title and restores the title afterwards', () => {
    const { target, titles } = fakeWindow();
    printRound({ title: 'Talsperre 23.11.2026' }, target);
    expect(titles).toEqual(['Talsperre 23.11.2026']);
    expect(target.document.title).toBe('Messrunden');
  });

  it('never throws when printing fails, and restores the title', () => {
    const { target } = fakeWindow(() => {
      throw new Error('printing disabled');
    });
    expect(() => printRound({ title: 'x' }, target)).not.toThrow();
    expect(target.document.title).toBe('Messrunden');
  });

  it('keeps the title when none is given', () => {
    const { target, titles } = fakeWindow();
    printRound({}, target);
    expect(titles).toEqual(['Messrunden']);
  });
});
