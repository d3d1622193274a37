// The mail a one-machine Snaplist wrote to DATA_DIR/outbox (no MAIL_URL), read back as a seller's mail client
// would: for the journeys, which cannot reach the server's memory.
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
}

/** Every finished message in `dataDir`'s outbox, oldest first (the file names start with their time). */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await fs.readFile(path.join(outbox, file)));
      const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
        .flatMap((address) => address.value)
        .map((address) => (address.address ?? '').toLowerCase());
      return { file, to, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}
