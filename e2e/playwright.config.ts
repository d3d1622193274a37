// Journeys against the real built app: the real server on its own port and SQLite file, in Debian's
// Chromium (never a downloaded browser).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@snaplist/server/testing/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = 3100;
/** The Google-like test OpenID provider the journeys' server signs in with (sign-in-with-google.spec.ts). */
export const E2E_OIDC_PORT = 3101;
const OIDC_CLIENT = { id: 'snaplist-e2e', secret: 'snaplist-e2e-secret' };
/** The journeys' server's data directory; a journey that seeds its database opens it here. */
export const E2E_DATA_DIR = path.join(here, '.artifacts', 'data');

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: /background-removal\.spec\.ts$/ },
    // The real background-removal model runs in the page on one core for minutes: alone after the other
    // journeys, it neither starves them of the machine's two cores nor waits on them.
    { name: 'background-removal', testMatch: /background-removal\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  webServer: [
    {
      // Every run starts from an empty database. Cleared here, before the server opens it: Playwright starts
      // the web server before global setup, which would otherwise delete the file from under the running server
      // (journeys that seed through the data directory would then write to a different, new database).
      command: `rm -rf '${E2E_DATA_DIR}' && node --import tsx ${path.join(here, '../apps/server/src/main.ts')}`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_IP: '10000',
        OIDC_RATE_LIMIT_PER_IP: '10000',
        // The server discovers the provider when first asked, so the two may start in any order.
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
      },
    },
    {
      command: `node --import tsx ${path.join(here, '../apps/server/src/testing/oidc-provider-server.ts')}`,
      url: `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        OIDC_TEST_PORT: String(E2E_OIDC_PORT),
        OIDC_TEST_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_TEST_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_TEST_REDIRECT_URI: `http://127.0.0.1:${E2E_PORT}/auth/callback/google`,
      },
    },
  ],
});
