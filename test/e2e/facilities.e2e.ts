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
});
