// What the account-email tests share: a real SMTP server and a test server that mails through it, with a clock
// a test can move forward, and reading a link's token out of the mail a seller gets.
import { AccountChangeMessages, routes } from '@snaplist/contract';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  type CapturedMail,
  createUser,
  startTestServer,
  startTestSmtpServer,
  type TestServer,
  type TestSmtpServer,
  type TestUser,
} from './index';

export const PUBLIC_URL = 'https://snaplist.test';
export const HOUR_MS = 60 * 60 * 1000;

/** The answer to an e-mail link that is used, expired, unknown or for an address taken since. */
export const EMAIL_LINK_REFUSED = {
  code: 'email_link_invalid',
  message: AccountChangeMessages.emailLinkInvalid,
};

export interface AccountEmailTestEnvironment {
  server: () => TestServer;
  smtp: () => TestSmtpServer;
  /** Moves the server's clock this far ahead of the real one, until the test ends. */
  moveClock: (offsetMs: number) => void;
  /** A new password account, and the verification mail its sign-up sent (read, so later waits skip it). */
  createSeller: () => Promise<{ seller: TestUser; verificationMail: CapturedMail }>;
}

/** One SMTP server and one test server for the file; `env` adds to the settings every file needs. */
export function useAccountEmailServer(env: Record<string, string> = {}): AccountEmailTestEnvironment {
  let clockOffsetMs = 0;
  let smtp: TestSmtpServer | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer(
      { MAIL_URL: smtp.url, PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '1000', ...env },
      undefined,
      { now: () => new Date(Date.now() + clockOffsetMs) },
    );
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(() => {
    clockOffsetMs = 0;
  });
  const environment: AccountEmailTestEnvironment = {
    server: () => {
      if (!server) throw new Error('useAccountEmailServer: used outside a test');
      return server;
    },
    smtp: () => {
      if (!smtp) throw new Error('useAccountEmailServer: used outside a test');
      return smtp;
    },
    moveClock: (offsetMs) => {
      clockOffsetMs = offsetMs;
    },
    createSeller: async () => {
      const seller = await createUser(environment.server().baseUrl);
      return { seller, verificationMail: await environment.smtp().waitForMessage(seller.email) };
    },
  };
  return environment;
}

/** The token of the /confirm-email link in a mail. */
export function confirmTokenIn(mail: CapturedMail): string {
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirm-email link in the mail: ${mail.text}`);
  return token;
}

export function authCheck(server: TestServer, token: string) {
  return server.call(routes.authCheck, { token, body: { product: 'crosslister' } });
}

export function confirmEmail(server: TestServer, token: string) {
  return server.call(routes.confirmEmail, { body: { token } });
}

export function login(server: TestServer, email: string, password: string) {
  return server.call(routes.login, { body: { email, password } });
}

/**
 * Turns a password account into one as Google or Apple sign-in makes it: the provider confirmed the address,
 * and the seller never chose a password.
 */
export async function makeProviderAccount(server: TestServer, email: string): Promise<void> {
  await server.app.db
    .updateTable('users')
    .set({ has_password: 0, email_verified_at: new Date().toISOString() })
    .where('email', '=', email)
    .execute();
}

export async function emailLinkCount(server: TestServer, email: string): Promise<number> {
  const rows = await server.app.db
    .selectFrom('email_links')
    .innerJoin('users', 'users.id', 'email_links.user_id')
    .select('email_links.id')
    .where('users.email', '=', email)
    .execute();
  return rows.length;
}
