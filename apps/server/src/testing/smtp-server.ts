// A real SMTP server for the tests (the `smtp-server` package) that keeps every message it accepts, parsed by
// `mailparser`, so a test can read the mail a seller would get. It listens on 127.0.0.1, on a free port.
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The SMTP envelope: who the server was asked to deliver to, lower-cased. */
  envelopeTo: string[];
  envelopeFrom: string;
  /** The From and To headers. */
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
  date: Date | undefined;
}

export interface TestSmtpServerOptions {
  /** Refuse every recipient with this SMTP reply (e.g. a full mailbox), as a real server may. */
  refuseRecipients?: string;
}

export interface TestSmtpServer {
  /** An smtp:// URL for MAIL_URL. */
  url: string;
  messages(): CapturedMail[];
  /**
   * The next message to `to` that no earlier call returned, waiting for it to arrive when none has; rejects
   * after `timeoutMs` with what did arrive, so a failing test says why.
   */
  waitForMessage(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export interface MailAddress {
  name: string;
  address: string;
}

function addresses(header: AddressObject | AddressObject[] | undefined): MailAddress[] {
  return (Array.isArray(header) ? header : header ? [header] : [])
    .flatMap((entry) => entry.value)
    .map((entry) => ({ name: entry.name, address: entry.address ?? '' }));
}

export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const captured: CapturedMail[] = [];
  const handedOut = new Set<CapturedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and nodemailer does not try STARTTLS when not offered.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo: (_address, _session, callback) => {
      if (!options.refuseRecipients) return callback();
      const refusal = Object.assign(new Error(options.refuseRecipients), { responseCode: 550 });
      callback(refusal);
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          captured.push({
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            from: addresses(parsed.from)[0] ?? { name: '', address: '' },
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: parsed.date,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  server.on('error', () => {
    // A client that hangs up mid-conversation (the refusal tests) is not the test server's failure.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const nextFor = (to: string) => {
    const found = captured.find((mail) => !handedOut.has(mail) && mail.envelopeTo.includes(to.toLowerCase()));
    if (found) handedOut.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...captured],
    waitForMessage(to, timeoutMs = 5_000) {
      const already = nextFor(to);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const found = nextFor(to);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = captured.map((mail) => mail.envelopeTo.join(',')).join('; ') || 'none';
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (mail arrived for: ${seen})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
