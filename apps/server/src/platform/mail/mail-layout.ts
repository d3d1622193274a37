// The one layout of Snaplist's mail: a greeting, short paragraphs, at most a link each, and the signature, as
// plain text and as HTML that say the same. Every mail module writes its sentences and leaves the shape here.
import type { Language } from '@snaplist/contract';
import type { MailMessage } from './mailer';

/** A paragraph, or a paragraph that leads to a link: the link on a line of its own in text, a button in HTML. */
export type MailParagraph = string | { lead: string; link: string; button: string };

export interface MailContent {
  to: string;
  language: Language;
  subject: string;
  greeting: string;
  paragraphs: readonly MailParagraph[];
}

export function layoutMail({ to, language, subject, greeting, paragraphs }: MailContent): MailMessage {
  const textBlocks = paragraphs.map((paragraph) =>
    typeof paragraph === 'string' ? paragraph : `${paragraph.lead}\n${paragraph.link}`,
  );
  const text = `${[greeting, ...textBlocks, 'Snaplist'].join('\n\n')}\n`;
  const htmlBlocks = paragraphs.flatMap((paragraph) =>
    typeof paragraph === 'string'
      ? [`<p>${escapeHtml(paragraph)}</p>`]
      : [
          `<p>${escapeHtml(paragraph.lead)}</p>`,
          `<p><a href="${escapeHtml(paragraph.link)}">${escapeHtml(paragraph.button)}</a></p>`,
        ],
  );
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...htmlBlocks,
    '<p>Snaplist</p>',
    '</body></html>',
  ].join('\n');
  const links = paragraphs.flatMap((paragraph) => (typeof paragraph === 'string' ? [] : [paragraph.link]));
  return { to, subject, text, html, links };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * When a mailed link stops working, in the mail's language. The seller's time zone is unknown here: UTC, named,
 * is right everywhere. `withDate` for a link that works into another day, so the date matters.
 */
export function linkExpiryTime(language: Language, expiresAt: Date, withDate = false): string {
  return new Intl.DateTimeFormat(language, {
    ...(withDate ? { day: 'numeric', month: 'long' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(expiresAt);
}
