// `npm run start:identity`: the demo with real logins. Starts the OpenID provider the login tests use (laid out
// like a Keycloak realm) with one user per role and an admin, and the app server configured for it.
import { startServer } from '../server/app';
import { DEMO_IDENTITIES, seedDemoIdentities } from '../server/db/demo-identities';
import { CLIENT_ID, REALM, startOidcProvider } from '../test/e2e/oidc-provider';
import { ensureBuild } from './ensure-build.mjs';

const port = Number(process.env.PORT ?? 8080);
const idpPort = Number(process.env.IDP_PORT ?? 8180);
const dataDir = process.env.DATA_DIR ?? './data-identity';

try {
  ensureBuild();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
// The app's origin is fixed before either starts: the provider only sends logins back to it.
const appOrigin = `http://localhost:${port}`;
const idp = await startOidcProvider(appOrigin, [], { port: idpPort, accounts: DEMO_IDENTITIES });
const server = await startServer({
  port,
  dataDir,
  staticDir: process.env.STATIC_DIR ?? './dist',
  demo: true,
  identity: { url: idp.url, realm: REALM, clientId: CLIENT_ID },
});
const [config] = await server.db.query<{ data: { product?: string } }>(
  "select data from reference_data where key = 'config'",
);
await seedDemoIdentities(server.db, config?.data.product ?? 'HWE');

console.info(`identity provider (realm ${REALM}) at ${idp.url}/realms/${REALM}`);
console.info(`app and API at ${appOrigin} (data in ${dataDir}); open it under this address, the login returns there`);
console.info('demo logins (user / password):');
for (const u of DEMO_IDENTITIES) console.info(`  ${u.username} / ${u.password}  – ${u.does}`);

const stop = async () => {
  await server.close();
  await idp.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
