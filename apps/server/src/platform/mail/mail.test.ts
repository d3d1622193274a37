// Both mail adapters against real backends: a real SMTP server (testing/smtp-server.ts) and real files.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp-server';
import { BackgroundMail } from './background-mail';
import { createMailer } from './create-mailer';
import type { MailMessage } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

const message: MailMessage = {
  to: 'seller@example.test',
  subject: 'Choose a new password · Żółć',
  text: 'Open https://snaplist.test/reset-password?token=abc to choose a new password.',
  html: '<p><a href="https://snaplist.test/reset-password?token=abc">Choose a new password</a></p>',
  links: ['https://snaplist.test/reset-password?token=abc'],
};

let smtp: TestSmtpServer | undefined;
let dataDir = '';

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snaplist-mail-'));
});

afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function recordingLog() {
  const lines: { details: object; message: string }[] = [];
  return { lines, info: (details: object, text: string) => lines.push({ details, message: text }) };
}

/** A port nothing listens on: one that was free a moment ago. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('SMTP', () => {
  it('delivers subject, text, html, sender and recipient to the SMTP server', async () => {
    smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer(smtp.url, 'Snaplist <no-reply@snaplist.test>');
    await mailer.check();
    await mailer.send(message);
    await mailer.close();

    const received = await smtp.waitForMessage('seller@example.test');
    expect(received).toMatchObject({
      envelopeFrom: 'no-reply@snaplist.test',
      envelopeTo: ['seller@example.test'],
      from: { name: 'Snaplist', address: 'no-reply@snaplist.test' },
      to: [{ name: '', address: 'seller@example.test' }],
      subject: message.subject,
      html: message.html,
    });
    expect(received.text.trim()).toBe(message.text);
  });

  it('logs in with the credentials in the URL', async () => {
    smtp = await startTestSmtpServer();
    const withCredentials = smtp.url.replace('smtp://', 'smtp://mailer:s3cret@');
    const mailer = createSmtpMailer(withCredentials, 'no-reply@snaplist.test');
    await mailer.send(message);
    await mailer.close();
    expect((await smtp.waitForMessage(message.to)).subject).toBe(message.subject);
  });

  it('rejects with the server’s reason when it refuses the recipient', async () => {
    smtp = await startTestSmtpServer({ refuseRecipients: 'Mailbox unavailable' });
    const mailer = createSmtpMailer(smtp.url, 'no-reply@snaplist.test');
    await expect(mailer.send(message)).rejects.toThrow(
      /^The SMTP server smtp:\/\/127\.0\.0\.1:\d+ did not take the message: .*Mailbox unavailable/,
    );
    await mailer.close();
    expect(smtp.messages()).toEqual([]);
  });

  it('rejects with a clear error, and no password in it, when the server is down', async () => {
    const url = `smtp://mailer:s3cret@127.0.0.1:${await closedPort()}`;
    const mailer = createSmtpMailer(url, 'no-reply@snaplist.test');
    const sending = mailer.send(message);
    await expect(sending).rejects.toThrow(/did not take the message: .*ECONNREFUSED/);
    await expect(sending).rejects.not.toThrow(/s3cret/);
    await expect(mailer.check()).rejects.toThrow(
      /^The SMTP server smtp:\/\/127\.0\.0\.1:\d+ does not answer/,
    );
    await mailer.close();
  });
});

describe('outbox', () => {
  it('writes a parseable RFC 5322 .eml file, and nothing half-written, and logs the links', async () => {
    const log = recordingLog();
    const at = new Date('2026-05-01T09:30:00.123Z');
    const mailer = createOutboxMailer(dataDir, 'Snaplist <no-reply@localhost>', log, () => at);
    await mailer.check();
    await mailer.send(message);
    await mailer.close();

    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^20260501T093000123Z-[0-9a-f-]{36}\.eml$/);
    const raw = fs.readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''));
    expect(raw.toString('latin1')).toMatch(/\r\nSubject: /);
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Snaplist', address: 'no-reply@localhost' }]);
    expect(parsed.html).toBe(message.html);
    expect(parsed.text?.trim()).toBe(message.text);

    expect(log.lines).toEqual([
      {
        message: 'mail written to the outbox',
        details: { to: message.to, subject: message.subject, file: files[0], links: message.links },
      },
    ]);
  });

  it('gives each message its own file', async () => {
    const mailer = createOutboxMailer(dataDir, 'no-reply@localhost', recordingLog(), () => new Date(0));
    await Promise.all([mailer.send(message), mailer.send(message)]);
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(2);
  });

  it('rejects when the outbox cannot be written', async () => {
    fs.writeFileSync(path.join(dataDir, 'outbox'), 'a file where the folder should be');
    const mailer = createOutboxMailer(dataDir, 'no-reply@localhost', recordingLog());
    await expect(mailer.send(message)).rejects.toThrow(/EEXIST|ENOTDIR/);
    await expect(mailer.check()).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});

describe('configuration', () => {
  it('writes to the outbox by default and uses SMTP with MAIL_URL', () => {
    const base = { DATA_DIR: dataDir };
    expect(createMailer(loadConfig(base), recordingLog()).adapter).toBe('outbox');
    const smtpConfig = loadConfig({ ...base, MAIL_URL: 'smtps://user:pw@mail.example.test:465' });
    expect(createMailer(smtpConfig, recordingLog()).adapter).toBe('smtp');
    expect(smtpConfig.mail.from).toBe('Snaplist <no-reply@localhost>');
  });

  it.each([
    [{ MAIL_URL: 'http://mail.example.test' }, 'MAIL_URL: must be an smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM: an e-mail address, alone or as `Name <address>`'],
    [{ MAIL_FROM: 'Shop <a@b.test>\r\nBcc: x@y.test' }, 'MAIL_FROM: an e-mail address'],
  ])('refuses %j', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('accepts a bare address or a named one as MAIL_FROM', () => {
    expect(loadConfig({ MAIL_FROM: 'shop@example.test' }).mail.from).toBe('shop@example.test');
    expect(loadConfig({ MAIL_FROM: 'Anna’s Vintage <anna@example.test>' }).mail.from).toBe(
      'Anna’s Vintage <anna@example.test>',
    );
  });
});

describe('background mail at start-up', () => {
  function recordingLog() {
    const warnings: string[] = [];
    return {
      warnings,
      log: { error: () => undefined, warn: (_details: object, text: string) => void warnings.push(text) },
    };
  }

  it('warns in the log when the SMTP server does not answer, and says nothing when it does', async () => {
    const down = recordingLog();
    const unreachable = new BackgroundMail(
      createSmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'no-reply@snaplist.test'),
      down.log,
    );
    await unreachable.reportIfUnavailable();
    expect(down.warnings).toEqual(['mail cannot be sent: check MAIL_URL']);
    await unreachable.close();

    smtp = await startTestSmtpServer();
    const up = recordingLog();
    const reachable = new BackgroundMail(createSmtpMailer(smtp.url, 'no-reply@snaplist.test'), up.log);
    await reachable.reportIfUnavailable();
    expect(up.warnings).toEqual([]);
    await reachable.close();
  });
});
