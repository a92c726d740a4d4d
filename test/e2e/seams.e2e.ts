import { describe, expect, it } from 'vitest';
import type { MeasureRound } from '../../schemas/api';
import { testEndpoint } from '../../server/http/faults';
import { api, openTable, serverAndBrowser, submitRound } from './harness';
import { formatDe, isPlainNumeric, usualValue } from './rounds';
import { addPhoto, jpeg } from './photo';

const ROUND = 'Talsperre Gepatsch Kontrollgang';

/**
 * Everything a submission carries is an edit of its round (issue 29): a task ticked and a facility changed after
 * a half-finished send (values on the server, the photo upload failed) reach the server with the next send.
 * Before, the toggles were written beside the round's lifecycle and the next send uploaded only the photo and
 * said "sent" while the server still listed the task open.
 */
describe('seams: changes after a half-finished send', () => {
  const env = serverAndBrowser('e2e-seams-');

  it('sends a task ticked and a facility changed after the photo upload failed', async () => {
    const list = await api<{ mrId: string; mrName: string }[]>(env.server(), '/measure-round');
    const mrId = list.find((r) => r.mrName === ROUND)?.mrId ?? '';
    const round = await api<MeasureRound>(env.server(), `/measure-round/${encodeURIComponent(mrId)}`);
    const entry = round.entries.find(isPlainNumeric);
    if (!entry) throw new Error('no numeric entry in the round');
    const p = { entry, label: `${entry.staName} ${entry.staNumber} ${entry.tsParameter}` };

    const { context, page, errors } = await openTable(env.browser(), env.server(), ROUND);
    await page
      .getByRole('textbox', { name: p.label, exact: true })
      .pressSequentially(formatDe(usualValue(entry, 0)), { delay: 20 });
    await addPhoto(page, p, await jpeg(640, 480, '#446688'));

    // the values reach the server; the photo upload fails twice (the try and the app's one retry)
    await testEndpoint(env.server(), 'faults', {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', pathPattern: '/image/', status: 500, times: 2 }),
    });
    await submitRound(page);
    const failed = page.getByTestId('submit-error');
    await failed.waitFor({ timeout: 40_000 });
    expect(await failed.textContent()).toContain('Die Werte sind auf dem Server');

    // the user ticks the station's open task and changes a facility, then sends again
    await page.getByRole('button', { name: /^\d+ Aufgaben? bei Gepatsch Piezometer P1 \(2001\)$/ }).click();
    const tasks = page.getByRole('group', { name: 'Aufgaben von Gepatsch Piezometer P1 (2001)' });
    const battery = tasks.getByRole('checkbox', { name: /Batterie des Datensammlers tauschen/ });
    await battery.click();
    await expect.poll(() => battery.isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: /^\d+ Anlagen? bei Gepatsch Piezometer P1 \(2001\)$/ }).click();
    const facilities = page.getByRole('group', { name: 'Anlagen von Gepatsch Piezometer P1 (2001)' });
    await facilities.getByRole('button', { name: 'Anlage Datensammler P1 bearbeiten' }).click();
    const name = facilities.getByLabel('Name');
    await name.fill('');
    await name.pressSequentially('Datensammler P1 neu', { delay: 20 });
    await facilities.getByRole('button', { name: 'Speichern' }).click();
    await facilities.getByText('Datensammler P1 neu').waitFor();
    // the round is a correction waiting now, never "sent"
    await page.getByTestId('correction-waiting').waitFor({ timeout: 10_000 });

    await submitRound(page);
    await page.getByTestId('submit-success').waitFor({ timeout: 40_000 });
    const server = env.server();
    const [task] = await server.db.query<{ task_done: boolean }>(
      "select task_done from station_task where task_id = 'demo-task-1'",
    );
    expect(task?.task_done).toBe(true);
    const [facility] = await server.db.query<{ name: string }>(
      "select name from station_facility where facility_id = 'demo-fac-1'",
    );
    expect(facility?.name).toBe('Datensammler P1 neu');
    expect(await server.db.query('select image_id from image')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
