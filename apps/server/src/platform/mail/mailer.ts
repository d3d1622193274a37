// The mail port: one message at a time, to one person. Two adapters, chosen by configuration (MAIL_URL): SMTP
// through nodemailer, or, with the embedded defaults, .eml files in DATA_DIR/outbox with the message's links
// printed in the log, so a one-machine Snaplist works without a mail server.

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; every link in it is also in `html`. */
  text: string;
  html: string;
  /** Links worth printing in the log when mail goes to the outbox (the reset link). */
  links?: readonly string[];
}

export interface Mailer {
  /** Resolves when the message is handed over (written, or accepted by the SMTP server); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /** For readiness: rejects when mail cannot be sent now (SMTP server unreachable, outbox not writable). */
  check(): Promise<void>;
  close(): Promise<void>;
}
