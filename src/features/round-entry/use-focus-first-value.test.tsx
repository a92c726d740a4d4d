// @vitest-environment jsdom
import { act, useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reactRoot } from '../../../test/unit/react-root';
import { useFocusFirstValue } from './use-focus-first-value';

/** A table whose stations arrive later (as the background render brings them), with its first value field. */
function Table({ stations }: { stations: boolean }) {
  const table = useRef<HTMLTableElement>(null);
  useFocusFirstValue(table, stations);
  return (
    <table ref={table}>
      <tbody>
        {stations && (
          <tr>
            <td>
              <input aria-label="first value" data-value-input="" />
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

const env = reactRoot();
const first = () => env.host.querySelector('input');

beforeEach(() => {
  // a desktop with a mouse
  window.matchMedia = (query: string) => ({ matches: query === '(pointer: fine)', media: query }) as MediaQueryList;
});

describe("the table's first value takes the focus when the stations arrive", () => {
  it('on a desktop where nobody did anything meanwhile', () => {
    act(() => env.root.render(<Table stations={false} />));
    act(() => env.root.render(<Table stations />));
    expect(document.activeElement).toBe(first());
  });

  it.each([
    ['a click on the page', () => document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }))],
    [
      'a key (the first of "g h")',
      () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'g', bubbles: true })),
    ],
  ])("not after %s while the stations were coming: the next keys are the user's", (_, act0) => {
    act(() => env.root.render(<Table stations={false} />));
    act0();
    act(() => env.root.render(<Table stations />));
    expect(document.activeElement).toBe(document.body);
  });

  it('not on a phone (its keyboard would cover the screen)', () => {
    window.matchMedia = (query: string) => ({ matches: false, media: query }) as MediaQueryList;
    act(() => env.root.render(<Table stations={false} />));
    act(() => env.root.render(<Table stations />));
    expect(document.activeElement).toBe(document.body);
  });
});
