// Chooses the mail adapter: SMTP when MAIL_URL is set, the outbox in DATA_DIR otherwise.
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { createOutboxMailer, type OutboxLog } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export function createMailer(
  config: Pick<Config, 'mail' | 'dataDir'>,
  log: OutboxLog,
  now?: () => Date,
): Mailer & { adapter: 'smtp' | 'outbox' } {
  return config.mail.url
    ? createSmtpMailer(config.mail.url, config.mail.from)
    : createOutboxMailer(config.dataDir, config.mail.from, log, now);
}
