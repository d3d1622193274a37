// A Google-like test provider as a process of its own, for the Playwright journey (its config starts this as a
// second web server): `node --import tsx src/testing/oidc-provider-server.ts [port]`. The port comes from the
// argument or OIDC_TEST_PORT; the client from OIDC_TEST_CLIENT_ID, OIDC_TEST_CLIENT_SECRET and
// OIDC_TEST_REDIRECT_URI (the Snaplist server under test gets the same as GOOGLE_CLIENT_ID,
// GOOGLE_CLIENT_SECRET and its PUBLIC_URL). Prints "test OpenID provider ready at <issuer>" once it answers.
import { startTestOidcProvider } from './oidc-provider';

// biome-ignore lint/style/noProcessEnv: a test tool's own settings, outside the app (config.ts is the app's)
const env = process.env;
const port = Number(process.argv[2] ?? env.OIDC_TEST_PORT ?? 4010);
const provider = await startTestOidcProvider({
  like: 'google',
  port,
  clientId: env.OIDC_TEST_CLIENT_ID ?? 'snaplist-e2e',
  clientSecret: env.OIDC_TEST_CLIENT_SECRET ?? 'snaplist-e2e-secret',
  redirectUri: env.OIDC_TEST_REDIRECT_URI ?? 'http://localhost:3000/auth/callback/google',
});
// biome-ignore lint/suspicious/noConsole: the ready line the Playwright config waits for
console.log(`test OpenID provider ready at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
