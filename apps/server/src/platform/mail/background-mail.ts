// Sends mail after the answer has gone: a request whose answer must not depend on the mail (the reset
// request answers the same whether or not an address has an account) hands its message here. A failure is
// logged; closing waits for messages on their way, so a shutdown does not drop them.
import type { Mailer, MailMessage } from './mailer';

export interface BackgroundMailLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export class BackgroundMail {
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: BackgroundMailLog,
  ) {}

  /** `purpose` names the message in the log (never its recipient's secrets). */
  send(message: MailMessage, purpose: string): void {
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) => this.log.error({ err: error, purpose }, 'a mail could not be sent'))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /**
   * At start-up: says in the log when mail cannot go out (an SMTP server that does not answer or refuses the
   * credentials, an outbox that cannot be written), without stopping a server whose other features need no mail.
   */
  reportIfUnavailable(): Promise<void> {
    return this.mailer
      .check()
      .catch((error: unknown) => this.log.warn({ err: error }, 'mail cannot be sent: check MAIL_URL'));
  }

  /** Resolves once every message handed over so far was sent or failed. */
  async idle(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  async close(): Promise<void> {
    await this.idle();
    await this.mailer.close();
  }
}
