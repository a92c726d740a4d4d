import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, tableUrl } from './harness';
import { pickNumericEntries } from './rounds';

describe('virtual number keypad (/config)', () => {
  const env = serverAndBrowser('e2e-keypad-');

  it('types a value with the on-screen keypad on a phone once the setting is on, and only then', async () => {
    const server = env.server();
    const { round, picked } = await pickNumericEntries(server, 2);
    const [a, b] = picked;
    if (!a || !b) throw new Error('no entries');
    const { context, page, errors } = await openTable(env.browser(), server, round.mrName, {
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const first = page.getByRole('textbox', { name: a.label, exact: true });
    // the first start loads the rounds and their history; a loaded machine needs longer than a tap waits
    await first.waitFor({ timeout: 60_000 });
    await first.tap();
    expect(await page.getByTestId('numeric-keypad').count()).toBe(0);

    await page.goto(`${server.url}/config`);
    await page
      .getByRole('checkbox', { name: 'Bildschirm-Zifferntastatur bei den Werteingaben anzeigen (Touch-Geräte)' })
      .check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('settings-notice').waitFor();
    await page.goto(tableUrl(server, round.mrName));
    await first.waitFor({ timeout: 60_000 });
    await first.tap();
    const keypad = page.getByRole('group', { name: 'Zifferntastatur' });
    await keypad.waitFor();
    expect(await first.getAttribute('inputmode')).toBe('none');
    for (const key of ['1', '2', 'Dezimalkomma', '5'])
      await keypad.getByRole('button', { name: key, exact: true }).tap();
    await expect.poll(() => first.inputValue()).toBe('12,5');
    await expect.poll(() => first.getAttribute('data-saved')).toBe('true');
    // "next" moves to the next value input, where the keypad follows
    await keypad.getByRole('button', { name: 'Nächster Wert' }).tap();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(b.label);
    expect(errors).toEqual([]);
    await context.close();
  });
});
