import { describe, expect, it } from 'vitest';
import { openTable, serverAndBrowser, submitRound } from './harness';

const ROUND = 'Talsperre Gepatsch Kontrollgang';

describe('station tasks', () => {
  const env = serverAndBrowser('e2e-tasks-');

  it('marks a task done and creates a new one without any reading, and the server keeps both', async () => {
    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND);
    // tasks open behind the per-station count button
    const openTasks = (station: string) =>
      page
        .getByRole('button', { name: new RegExp(`^\\d+ Aufgaben? bei ${station.replace(/[()]/g, '\\$&')}$`) })
        .click();
    await openTasks('Gepatsch Piezometer P1 (2001)');
    const p1 = page.getByRole('group', { name: 'Aufgaben von Gepatsch Piezometer P1 (2001)' });
    // the box follows the stored state, so it turns checked once the change is in IndexedDB
    const battery = p1.getByRole('checkbox', { name: /Batterie des Datensammlers tauschen/ });
    await battery.click();
    await expect.poll(() => battery.isChecked(), { timeout: 10_000 }).toBe(true);
    await openTasks('Gepatsch Piezometer P2 (2002)');
    const p2 = page.getByRole('group', { name: 'Aufgaben von Gepatsch Piezometer P2 (2002)' });
    await p2.getByRole('button', { name: 'Neue Aufgabe für Gepatsch Piezometer P2 (2002)' }).click();
    await p2.getByLabel('Aufgabentyp').selectOption('Wartung');
    await p2
      .getByRole('textbox', { name: 'Aufgabenbeschreibung für Gepatsch Piezometer P2 (2002)' })
      .fill('Schacht abdecken');
    await p2.getByRole('button', { name: 'Hinzufügen' }).click();
    await p2.getByRole('checkbox', { name: /Schacht abdecken/ }).waitFor();

    await page.reload();
    await openTasks('Gepatsch Piezometer P1 (2001)');
    await openTasks('Gepatsch Piezometer P2 (2002)');
    await p2.getByRole('checkbox', { name: /Schacht abdecken/ }).waitFor();
    expect(await p1.getByRole('checkbox', { name: /Batterie des Datensammlers tauschen/ }).isChecked()).toBe(true);

    await submitRound(page);
    await page.getByTestId('last-sent').waitFor({ timeout: 30_000 });
    const tasks = await env
      .server()
      .db.query<{ task_id: string; sta_number: string; task_done: boolean; text: string }>(
        'select task_id, sta_number, task_done, text from station_task order by sta_number, task_id',
      );
    expect(tasks.find((t) => t.task_id === 'demo-task-1')?.task_done).toBe(true);
    expect(tasks.filter((t) => t.sta_number === '2002').map((t) => [t.text, t.task_done])).toEqual([
      ['Schacht abdecken', false],
    ]);
    // after the send the table shows the server's open tasks: the new one stays, the done one is gone
    await expect.poll(() => p1.getByRole('checkbox').count(), { timeout: 20_000 }).toBe(0);
    expect(await p2.getByRole('checkbox', { name: /Schacht abdecken/ }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
