import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type TestServer, watchErrors } from './harness';
import { signInAtProvider } from './oidc-provider';
import { loginServerAndBrowser } from './login-harness';
import { testEndpoint } from '../../server/http/faults';

const ROUND = 'Talsperre Gepatsch Kontrollgang';
const VB = 'Kontrollgang Nord (2103) · ZU';
const SLOPE = 'Luftseitige Böschung (2104) · ZU';

/** Logs a user in through the OpenID provider (keycloak-js, PKCE) in a fresh context; lands on the home page. */
async function loginAs(
  browser: Browser,
  server: TestServer,
  user: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Anmelden' }).first().click({ timeout: 30_000 });
  await signInAtProvider(page, user);
  return { context, page, errors };
}

/**
 * Opens the archive round through the app's own links: a page load would run the provider's check-sso
 * redirect back to the home page. The archive is pulled after the login.
 */
async function openArchiveRound(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Archiv', exact: true }).click();
  await page
    .getByRole('table', { name: 'Abgeschlossene Messrunden' })
    .getByRole('link', { name: ROUND })
    .click({ timeout: 30_000 });
  await page.getByRole('heading', { name: ROUND }).waitFor({ timeout: 30_000 });
}

/** The round's row in the archive list, opened through the navbar link. */
async function archiveRow(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Archiv', exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Abgeschlossene Messrunden' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: ROUND }) });
  await row.waitFor({ timeout: 30_000 });
  return row;
}

/** Decision posts of the round the server answered with `status` (200: recorded). */
async function decisionPosts(server: TestServer, instanceId: string, status = 200): Promise<number> {
  const log = (await testEndpoint(server, 'requests').then((r) => r.json())) as {
    method: string;
    path: string;
    status: number | string;
  }[];
  return log.filter(
    (r) => r.method === 'POST' && r.path.endsWith(`/completed-measure-round/${instanceId}`) && r.status === status,
  ).length;
}

describe('decisions by RESPONSIBLE1 and RESPONSIBLE2 (real logins)', () => {
  let server: TestServer;
  let browser: Browser;
  let instanceId = '';
  loginServerAndBrowser(
    'e2e-decisions-',
    {
      faultInjection: true,
      seed: async (s) => {
        await s.db.query("insert into app_user (username) values ('olga'), ('rudi'), ('rita')");
        await s.db.query(
          "insert into permission (username, mr_id, role) values ('olga', '1', 'HWE_OBSERVE'), ('rudi', '1', 'HWE_RESPONSIBLE1'), ('rita', '1', 'HWE_RESPONSIBLE2')",
        );
      },
    },
    (s, b) => {
      server = s;
      browser = b;
    },
  );

  it('an observer submits two incidents and then sees the round read-only', async () => {
    const { context, page, errors } = await loginAs(browser, server, 'olga');
    await page.getByRole('link', { name: new RegExp(ROUND) }).click({ timeout: 30_000 });
    for (const name of ['Kontrollgang Nord 2103 ZU', 'Luftseitige Böschung 2104 ZU']) {
      const group = page.getByRole('radiogroup', { name, exact: true });
      await group.getByRole('radio', { name: /Ereignis/ }).click({ timeout: 30_000 });
      await expect.poll(() => group.getByRole('radio', { name: /Ereignis/ }).getAttribute('aria-checked')).toBe('true');
      // the observer describes the incident, so the deciders can assess it
      await page
        .getByRole('combobox', { name: `${name} Bemerkung`, exact: true })
        .pressSequentially('Riss', { delay: 20 });
    }
    await page.getByRole('button', { name: 'Absenden', exact: true }).click();
    // confirm the prompts that follow (incomplete round …); only open dialogs count
    for (let i = 0; i < 5 && (await page.getByTestId('submit-success').count()) === 0; i++) {
      const open = page.locator('dialog[open]');
      if ((await open.count()) === 0) {
        await page.waitForTimeout(500);
        continue;
      }
      for (const box of await open.getByRole('checkbox').all()) await box.check();
      await open.getByRole('button', { name: /^(Weiter|Senden)$/ }).click();
    }
    await page.getByTestId('submit-success').waitFor({ timeout: 30_000 });
    const [row] = await server.db.query<{ instance_id: string; state: string }>(
      'select instance_id, state from submission',
    );
    expect(row?.state).toBe('submitted');
    instanceId = row?.instance_id ?? '';

    // the list counts the open incidents, but the observer is not asked to decide
    const listed = await archiveRow(page);
    await expect.poll(() => listed.getByTestId('open-incidents').textContent()).toBe('2 offene Ereignisse');
    expect(await listed.getByTestId('awaiting-my-decision').count()).toBe(0);
    await openArchiveRound(page);
    await page.getByTestId('decision-read-only').waitFor();
    expect(await page.getByTestId('round-state').textContent()).toBe('wartet auf Entscheidung 1');
    expect(await page.getByTestId('decision-form').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the first decider records decision 1 with the -VB options, remark and team', async () => {
    const { context, page, errors } = await loginAs(browser, server, 'rudi');
    const listed = await archiveRow(page);
    await listed.getByTestId('awaiting-my-decision').waitFor({ timeout: 30_000 });
    expect(await listed.getByTestId('awaiting-my-decision').textContent()).toBe('Wartet auf Ihre Entscheidung 1');
    expect(await listed.getByTestId('open-incidents').textContent()).toBe('2 offene Ereignisse');
    await openArchiveRound(page);
    const form = page.getByTestId('decision-form');
    await form.waitFor({ timeout: 30_000 });
    // the card says why: the series' recent values stored on this device (and the observer's remark
    // when it reached the device before the submit)
    expect(await form.getByTestId('decision-reasons').count()).toBe(2);
    expect(await form.getByTestId('decision-reasons').first().textContent()).toContain('Letzte Werte');
    // and why it is asked at all
    expect(await form.getByTestId('decision-why').allTextContents()).toEqual([
      'Ereignis gemeldet',
      'Ereignis gemeldet',
    ]);
    const vb = form.getByRole('radiogroup', { name: `Entscheidung zu ${VB}` });
    // §4: a -VB series offers "not critical / further assessment" only
    expect(await vb.getByRole('radio').allTextContents()).toEqual(['nicht kritisch', 'weitere Beurteilung']);
    await vb.getByRole('radio', { name: 'nicht kritisch' }).click();
    const slope = form.getByRole('radiogroup', { name: `Entscheidung zu ${SLOPE}` });
    expect(await slope.getByRole('radio').count()).toBe(3);
    await slope.getByRole('radio', { name: 'sofort beheben' }).click();
    await form.getByRole('textbox', { name: `Bemerkung zu ${SLOPE}` }).pressSequentially('Riss sichern', { delay: 20 });
    // without a team nothing is sent
    await form.getByRole('button', { name: 'Beurteilung erfassen' }).click();
    await form.getByText('Bitte das Team eingeben.').waitFor();
    await form.getByRole('textbox', { name: 'Team der Entscheidung' }).pressSequentially('Wärter Nord', { delay: 20 });
    await form.getByRole('button', { name: 'Beurteilung erfassen' }).click();
    await page.getByText('Beurteilung erfasst').waitFor({ timeout: 30_000 });

    const [row] = await server.db.query<{
      state: string;
      decision1_user: string;
      decision1_team: string;
      entries: { tsId: string; decision1Value?: string; decision1Remark?: string }[];
    }>('select state, decision1_user, decision1_team, entries from submission where instance_id = $1', [instanceId]);
    expect(row).toMatchObject({ state: 'decision1', decision1_user: 'rudi', decision1_team: 'Wärter Nord' });
    expect(row?.entries.find((e) => e.tsId === '2104-ZU')).toMatchObject({
      decision1Value: 'FIX_IMMEDIATELY',
      decision1Remark: 'Riss sichern',
    });
    expect(row?.entries.find((e) => e.tsId === '2103-VB1')).toMatchObject({ decision1Value: 'NOT_CRITICAL' });
    await expect
      .poll(() => page.getByTestId('round-state').textContent(), { timeout: 20_000 })
      .toBe('wartet auf Entscheidung 2');
    // rudi is no second decider: stage 2 is read-only for him
    await page.getByTestId('decision-read-only').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the second decider decides offline and logs out: the next user's login sends nothing of it, hers sends it once", async () => {
    const { context, page, errors } = await loginAs(browser, server, 'rita');
    const listed = await archiveRow(page);
    await listed.getByTestId('awaiting-my-decision').waitFor({ timeout: 30_000 });
    expect(await listed.getByTestId('awaiting-my-decision').textContent()).toBe('Wartet auf Ihre Entscheidung 2');
    // only the escalated incident is still open
    expect(await listed.getByTestId('open-incidents').textContent()).toBe('1 offenes Ereignis');
    const mine = page.getByRole('checkbox', { name: 'Nur Runden, die auf meine Entscheidung warten' });
    await mine.check();
    expect(page.url()).toContain('mine=true');
    await listed.waitFor();
    await mine.uncheck();
    await openArchiveRound(page);
    const form = page.getByTestId('decision-form');
    await form.waitFor({ timeout: 30_000 });
    // only the escalated entry is asked at stage 2
    expect(await form.getByTestId('decision-entry').count()).toBe(1);
    await context.setOffline(true);
    await form
      .getByRole('radiogroup', { name: `Entscheidung zu ${SLOPE}` })
      .getByRole('radio', { name: 'Maßnahme erforderlich' })
      .click();
    await form.getByRole('textbox', { name: 'Team der Entscheidung' }).pressSequentially('Betrieb', { delay: 20 });
    await form.getByRole('button', { name: 'Beurteilung erfassen' }).click();
    await page.getByText('Beurteilung auf diesem Gerät gespeichert').waitFor();
    expect(await decisionPosts(server, instanceId)).toBe(1); // rudi's only

    // back online her session has run out (the server answers 401): the decision stays queued on the device, and
    // rita logs out and hands the device on
    await testEndpoint(server, 'faults', {
      method: 'POST',
      body: JSON.stringify({
        method: 'POST',
        pathPattern: `/completed-measure-round/${instanceId}$`,
        status: 401,
        times: 1,
      }),
    });
    await context.setOffline(false);
    await expect.poll(() => decisionPosts(server, instanceId, 401), { timeout: 30_000 }).toBe(1);
    await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).waitFor({ timeout: 30_000 });
    await context.clearCookies();
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click({ timeout: 30_000 });
    await signInAtProvider(page, 'rudi');
    await openArchiveRound(page);
    // rudi sees that rita's assessment waits for her, never what she decided, and nothing goes with his login
    await page.getByTestId('decision-waiting-login').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('decision-waiting-login').textContent()).toContain('rita');
    await page.getByTestId('decision-read-only').waitFor();
    await page.waitForTimeout(3000);
    expect(await decisionPosts(server, instanceId)).toBe(1);
    expect(await decisionPosts(server, instanceId, 401)).toBe(1);
    expect(await decisionPosts(server, instanceId, 403)).toBe(0); // not even tried with his token
    const [waiting] = await server.db.query<{ state: string; decision2_user: string | null }>(
      'select state, decision2_user from submission where instance_id = $1',
      [instanceId],
    );
    expect(waiting).toMatchObject({ state: 'decision1', decision2_user: null });

    // rita is back on the device: her login sends her decision, once, recorded as hers
    await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).waitFor({ timeout: 30_000 });
    await context.clearCookies();
    await page.getByRole('banner').getByRole('button', { name: 'Anmelden' }).click({ timeout: 30_000 });
    await signInAtProvider(page, 'rita');
    await expect.poll(() => decisionPosts(server, instanceId), { timeout: 30_000 }).toBe(2);
    const [row] = await server.db.query<{ state: string; decision2_user: string; completion_time: Date | null }>(
      'select state, decision2_user, completion_time from submission where instance_id = $1',
      [instanceId],
    );
    expect(row).toMatchObject({ state: 'completed', decision2_user: 'rita' });
    expect(row?.completion_time).not.toBeNull();
    await openArchiveRound(page);
    await expect.poll(() => page.getByTestId('round-state').textContent(), { timeout: 20_000 }).toBe('abgeschlossen');
    expect(await page.getByTestId('decision-waiting-login').count()).toBe(0);
    const decisions = await page.getByTestId('entry-decisions').allTextContents();
    expect(decisions.join(' ')).toContain('2: Maßnahme erforderlich');
    expect(decisions.join(' ')).toContain('1: sofort beheben Riss sichern');
    expect(await page.getByTestId('fact-decision2').textContent()).toContain('Betrieb (rita)');
    // a saved decision shows once: after a reload the round says "completed", not "recorded" again
    await page.reload();
    const after = await archiveRow(page);
    await expect.poll(() => after.getByTestId('open-incidents').textContent()).toBe('kein offenes Ereignis');
    expect(await after.getByTestId('awaiting-my-decision').count()).toBe(0);
    await openArchiveRound(page);
    await page.getByTestId('entry-decisions').first().waitFor();
    expect(await page.getByText('Beurteilung erfasst').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
