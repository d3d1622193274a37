// The embedded adapter of the mail port: each message becomes an RFC 5322 .eml file in DATA_DIR/outbox (any
// mail program opens it) and its links go to the log, so a one-machine Snaplist works without a mail server.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

export interface OutboxLog {
  info(details: object, message: string): void;
}

/** 2026-05-01T09:30:00.123Z → 20260501T093000123Z: sorts by time and is a valid file name everywhere. */
function fileTimestamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}

export function createOutboxMailer(
  dataDir: string,
  from: string,
  log: OutboxLog,
  now: () => Date = () => new Date(),
): Mailer & { adapter: 'outbox'; directory: string } {
  const directory = path.join(dataDir, 'outbox');
  // No `newline` option: nodemailer's own output, CRLF line ends as RFC 5322 wants.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    adapter: 'outbox',
    directory,
    async send(message: MailMessage) {
      const composed = await composer.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const name = `${fileTimestamp(now())}-${crypto.randomUUID()}.eml`;
      const file = path.join(directory, name);
      const partial = `${file}.partial`;
      await fs.mkdir(directory, { recursive: true });
      // Written aside and renamed: whoever watches the outbox never opens half a message.
      await fs.writeFile(partial, composed.message, { flag: 'wx' });
      await fs.rename(partial, file);
      // The outbox is for one-machine installs, where whoever reads this log runs the install: printing a
      // seller's reset link here hands it to the person who would otherwise read the .eml file anyway.
      log.info(
        { to: message.to, subject: message.subject, file: name, links: message.links ?? [] },
        'mail written to the outbox',
      );
    },
    async check() {
      await fs.mkdir(directory, { recursive: true });
      await fs.access(directory, fs.constants.W_OK);
    },
    async close() {
      composer.close();
    },
  };
}
