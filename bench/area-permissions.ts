// The permission grid of a fleet's admin: 1,000 users × the rounds × the roles. Navigation → the grid's first
// checkbox painted (the matrix comes from the server), and Ctrl+End → the last user's checkbox focused (its
// row is rendered first: only the rows near the grid's box are in the DOM, use-grid-rows.ts). Timed in the
// page; recorded without a budget.
import type { Page } from 'playwright-core';
import { record, type Profile } from './report';
import { timeClick, timeInPage } from './browser';

export const GRID_USERS = 1000;
const userName = (i: number) => `bench-user-${String(i).padStart(4, '0')}`;
const CHECKBOX = '[data-testid="permission-grid"] input[type="checkbox"]';

/** 1,000 users added through the permission API, as an admin's save would. */
export async function seedGridUsers(origin: string): Promise<void> {
  const url = `${origin}/hwe-api/v2/admin/permissions`;
  const data = (await (await fetch(url)).json()) as { users: string[] };
  const users = Array.from({ length: GRID_USERS }, (_, i) => userName(i + 1));
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...data, users: [...new Set([...data.users, ...users])] }),
  });
  if (!res.ok) throw new Error(`seeding the grid's users: ${res.status}`);
}

export async function permissionGrid(page: Page, origin: string, profile: Profile, runs: number): Promise<void> {
  const open: number[] = [];
  const end: number[] = [];
  for (let r = 0; r < runs; r++) {
    await page.goto(`${origin}/`);
    const link = page.getByRole('banner').getByRole('link', { name: 'Berechtigungen', exact: true });
    open.push(await timeClick(page, link, CHECKBOX, 1));
    await page.locator(CHECKBOX).first().focus();
    end.push(
      await timeInPage(
        page,
        `document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', ctrlKey: true, bubbles: true }))`,
        `input[aria-label^="${userName(GRID_USERS)} "]:focus`,
        1,
      ),
    );
  }
  record(`permissions: navigation → grid of ${GRID_USERS.toLocaleString('en')} users interactive`, profile, open, 'ms');
  record('permissions: Ctrl+End → last user focused', profile, end, 'ms');
}
