// The SMTP adapter of the mail port: nodemailer, configured by one URL (MAIL_URL), credentials included.
import nodemailer from 'nodemailer';
import { errorReason } from '../../errors';
import type { Mailer, MailMessage } from './mailer';

/** Longer than any healthy SMTP server takes; a request handler should not wait minutes on a dead one. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export class MailNotSentError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MailNotSentError';
  }
}

/** The server's address without its credentials, for messages and logs. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

export function createSmtpMailer(url: string, from: string): Mailer & { adapter: 'smtp' } {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  const server = describeSmtpUrl(url);
  return {
    adapter: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        throw new MailNotSentError(
          `The SMTP server ${server} did not take the message: ${errorReason(error)}`,
          {
            cause: error,
          },
        );
      }
    },
    async check() {
      try {
        await transport.verify();
      } catch (error) {
        throw new MailNotSentError(`The SMTP server ${server} does not answer: ${errorReason(error)}`, {
          cause: error,
        });
      }
    },
    async close() {
      transport.close();
    },
  };
}
