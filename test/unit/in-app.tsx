import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { act } from 'react';
import type { ReactNode } from 'react';
import { messages as en } from '../../locales/en.po';
import { ReplicationContext } from '../../src/app/replication';
import type { AppDatabase } from '../../src/db/database';
import { DbContext } from '../../src/db/db-context';
import { refusingReplication, type ReactRootWithDatabase } from './react-root';

/**
 * What a screen has around it in the app, for a component test: English texts, the database, and a replication that
 * refuses whatever it is asked (a component test never reaches the network). @internal test infrastructure
 */
export function InApp({ db, children }: { db: AppDatabase; children: ReactNode }) {
  return (
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en } })}>
      <DbContext.Provider value={db}>
        <ReplicationContext.Provider value={refusingReplication}>{children}</ReplicationContext.Provider>
      </DbContext.Provider>
    </I18nProvider>
  );
}

/** Renders the router's page in InApp on the test's root, as a user opening it. @internal test infrastructure */
export function showInApp(env: ReactRootWithDatabase, router: AnyRouter): void {
  act(() =>
    env.root.render(
      <InApp db={env.db}>
        <RouterProvider router={router} />
      </InApp>,
    ),
  );
}
