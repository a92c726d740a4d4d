import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound } from './harness';

const ROUND = 'Talsperre Gepatsch Kontrollgang';

describe('station facilities', () => {
  const env = serverAndBrowser('e2e-facilities-');

  it('edits a facility and adds a new one without any reading, and the server applies both', async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND);
    // facilities open behind the per-station count button
    const openFacilities = (station: string) =>
      page.getByRole('button', { name: new RegExp(`^\\d+ Anlagen? bei ${station.replace(/[()]/g, '\\$&')}$`) }).click();
    await openFacilities('Gepatsch Piezometer P1 (2001)');
    const p1 = page.getByRole('group', { name: 'Anlagen von Gepatsch Piezometer P1 (2001)' });
    await p1.getByRole('button', { name: 'Anlage Datensammler P1 bearbeiten' }).click();
    await p1.getByLabel('Name').fill('Datensammler P1 (getauscht)');
    await p1.getByLabel('Seriennummer').fill('B-777');
    await p1.getByRole('button', { name: 'Speichern' }).click();
    await p1.getByText('Datensammler P1 (getauscht)').waitFor();

    await openFacilities('Gepatsch Piezometer P2 (2002)');
    const p2 = page.getByRole('group', { name: 'Anlagen von Gepatsch Piezometer P2 (2002)' });
    await p2.getByRole('button', { name: 'Neue Anlage für Gepatsch Piezometer P2 (2002)' }).click();
    await p2.getByLabel('Modell').selectOption('Keller PAA-36XW');
    await p2.getByRole('button', { name: 'Speichern' }).click();
    await p2.getByText('Geben Sie einen Namen ein.').waitFor();
    await p2.getByLabel('Name').fill('Drucksonde P2');
    await p2.getByLabel('Messbereich').fill('3.5');
    await p2.getByRole('button', { name: 'Speichern' }).click();
    await p2.getByText('Drucksonde P2').waitFor();

    await page.reload();
    await openFacilities('Gepatsch Piezometer P2 (2002)');
    await p2.getByText('Drucksonde P2').waitFor();
    await submitRound(page);
    await page.getByTestId('last-sent').waitFor({ timeout: 30_000 });
    const rows = await env
      .server()
      .db.query<{ facility_id: string; sta_number: string; name: string; attributes: Record<string, unknown> }>(
        'select facility_id, sta_number, name, attributes from station_facility order by name',
      );
    expect(rows.find((r) => r.facility_id === 'demo-fac-1')).toMatchObject({
      name: 'Datensammler P1 (getauscht)',
      attributes: { Seriennummer: 'B-777', Firmware: '2.4.1' },
    });
    expect(rows.find((r) => r.name === 'Drucksonde P2')).toMatchObject({
      sta_number: '2002',
      attributes: { Messbereich: 3.5 },
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers a list attribute's values as choices, rounds numbers to the model's digits and shows short names", async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND);
    await page.getByRole('button', { name: /^\d+ Anlagen? bei Gepatsch Piezometer P2 \(2002\)$/ }).click();
    const group = page.getByRole('group', { name: 'Anlagen von Gepatsch Piezometer P2 (2002)' });
    await group.getByRole('button', { name: 'Neue Anlage für Gepatsch Piezometer P2 (2002)' }).click();
    await group.getByLabel('Modell').selectOption('OTT netDL 500');
    // the model's manufacturer and comment are shown with it
    await group.getByText('Hersteller: OTT HydroMet · Batterie jährlich tauschen').waitFor();
    await group.getByLabel('Name').pressSequentially('Logger Liste', { delay: 20 });
    const transfer = group.getByRole('combobox', { name: /Übertragung/ });
    // exactly the model's list values (and none), nothing else can be chosen
    expect(await transfer.locator('option').allTextContents()).toEqual([
      '– keiner –',
      'GSM',
      'LoRa',
      'Satellit',
      'keine',
    ]);
    await transfer.selectOption('LoRa');
    await group.getByLabel('Seriennummer').pressSequentially('L-42', { delay: 20 });
    await group.getByRole('button', { name: 'Speichern' }).click();
    const chip = group.getByRole('listitem').filter({ hasText: 'Logger Liste' });
    await chip.waitFor();
    // the chip uses the short names (full names for screen readers) and the manufacturer
    expect(await chip.textContent()).toContain('OTT HydroMet');
    expect(await chip.locator('abbr').allTextContents()).toEqual(['SN', 'Üb']);

    // a number attribute is rounded to its digits (Messbereich: 1) and shown with the decimal comma
    await group.getByRole('button', { name: 'Neue Anlage für Gepatsch Piezometer P2 (2002)' }).click();
    await group.getByLabel('Modell').selectOption('Keller PAA-36XW');
    await group.getByLabel('Name').pressSequentially('Sonde gerundet', { delay: 20 });
    const range = group.getByLabel('Messbereich');
    await range.pressSequentially('12,5 m', { delay: 20 });
    await group.getByRole('button', { name: 'Speichern' }).click();
    await group.getByText('Geben Sie eine Zahl ein.').waitFor();
    expect(await range.getAttribute('aria-invalid')).toBe('true');
    await range.fill('');
    await range.pressSequentially('12,46', { delay: 20 });
    await group.getByRole('button', { name: 'Speichern' }).click();
    const probe = group.getByRole('listitem').filter({ hasText: 'Sonde gerundet' });
    await probe.waitFor();
    expect(await probe.textContent()).toContain('Messbereich: 12,5 m');

    await submitRound(page);
    await page.getByTestId('last-sent').waitFor({ timeout: 30_000 });
    const rows = await env
      .server()
      .db.query<{ name: string; attributes: Record<string, unknown> }>(
        `select name, attributes from station_facility where name in ('Logger Liste', 'Sonde gerundet') order by name`,
      );
    expect(rows).toEqual([
      { name: 'Logger Liste', attributes: { Übertragung: 'LoRa', Seriennummer: 'L-42' } },
      { name: 'Sonde gerundet', attributes: { Messbereich: 12.5 } },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
