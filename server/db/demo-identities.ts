import type { Queryable } from './database';

export type DemoRole = 'OBSERVE' | 'RESPONSIBLE1' | 'RESPONSIBLE2';

/** A demo login of `npm run start:identity` (README "Demo logins"): its password, realm roles and round roles. */
export interface DemoIdentity {
  username: string;
  password: string;
  /** Keycloak realm roles; hwe-admin makes the user an administrator */
  realmRoles: readonly string[];
  /** [mrId, role] on the demo rounds (1 dam, 2 springs, 3 meteo) */
  permissions: readonly (readonly [string, DemoRole])[];
  /** what the user does, for the start message and the README */
  does: string;
}

/**
 * One user per role of §6 and an administrator. The passwords are public on purpose: this realm exists
 * only on the local machine, to show what each role sees.
 */
export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  {
    username: 'beobachter',
    password: 'beobachter',
    realmRoles: [],
    permissions: [
      ['2', 'OBSERVE'],
      ['3', 'OBSERVE'],
    ],
    does: 'observer of the springs and the meteo round',
  },
  {
    username: 'stauwart',
    password: 'stauwart',
    realmRoles: [],
    permissions: [
      ['1', 'OBSERVE'],
      ['1', 'RESPONSIBLE1'],
      ['2', 'RESPONSIBLE1'],
    ],
    does: 'dam keeper: walks the dam round, decision 1 on dam and springs',
  },
  {
    username: 'betriebsleiter',
    password: 'betriebsleiter',
    realmRoles: [],
    permissions: [
      ['1', 'RESPONSIBLE2'],
      ['2', 'RESPONSIBLE2'],
    ],
    does: 'operations officer: decision 2 on dam and springs',
  },
  {
    username: 'admin',
    password: 'admin',
    realmRoles: ['hwe-admin'],
    permissions: [
      ['1', 'OBSERVE'],
      ['2', 'OBSERVE'],
      ['3', 'OBSERVE'],
    ],
    does: 'administrator: permissions',
  },
];

/**
 * Creates the demo users with their round roles, once: a user that exists already is left as it is, so
 * what an admin changed in the permission matrix survives a restart.
 */
export async function seedDemoIdentities(
  db: Queryable,
  product: string,
  identities: readonly DemoIdentity[] = DEMO_IDENTITIES,
): Promise<void> {
  for (const identity of identities) {
    const created = await db.query<{ username: string }>(
      'insert into app_user (username) values ($1) on conflict do nothing returning username',
      [identity.username],
    );
    if (created.length === 0) continue;
    for (const [mrId, role] of identity.permissions) {
      await db.query('insert into permission (username, mr_id, role) values ($1, $2, $3) on conflict do nothing', [
        identity.username,
        mrId,
        `${product}_${role}`,
      ]);
    }
  }
}
