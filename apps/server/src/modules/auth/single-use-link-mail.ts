// What the auth e-mails that carry a single-use link share (password reset, linking Google or Apple): the link
// as a button, how long it works and until when, and what to do when the seller did not ask for it, laid out
// by the one mail layout.
import type { Language } from '@snaplist/contract';
import { layoutMail, linkExpiryTime } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';

/** The words of one such mail in one language. */
export interface SingleUseLinkTexts {
  subject: string;
  greeting: string;
  action: string;
  button: string;
  ignore: string;
}

/** `{minutes}`: how long the link works; `{time}`: when it stops working. */
const EXPIRY: Record<Language, string> = {
  en: 'The link works once, for {minutes} minutes (until {time}).',
  fr: 'Le lien fonctionne une seule fois, pendant {minutes} minutes (jusqu’à {time}).',
  de: 'Der Link funktioniert einmal, {minutes} Minuten lang (bis {time}).',
  pl: 'Link działa jeden raz, przez {minutes} minut (do {time}).',
};

export interface SingleUseLinkMailInput {
  to: string;
  language: Language;
  link: string;
  expiresAt: Date;
  ttlMinutes: number;
  texts: SingleUseLinkTexts;
}

export function singleUseLinkMail({
  to,
  language,
  link,
  expiresAt,
  ttlMinutes,
  texts,
}: SingleUseLinkMailInput): MailMessage {
  const expiry = EXPIRY[language]
    .replace('{minutes}', String(ttlMinutes))
    .replace('{time}', linkExpiryTime(language, expiresAt));
  return layoutMail({
    to,
    language,
    subject: texts.subject,
    greeting: texts.greeting,
    paragraphs: [{ lead: texts.action, link, button: texts.button }, expiry, texts.ignore],
  });
}
