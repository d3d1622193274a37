// The password reset e-mail in the four interface languages: short, the link, until when it works, and what
// to do when the seller did not ask for it. Plain text and HTML say the same.
import { type Language, PASSWORD_RESET_TTL_MINUTES } from '@snaplist/contract';
import { layoutMail, linkExpiryTime } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';

interface ResetTexts {
  subject: string;
  greeting: string;
  action: string;
  button: string;
  /** `{time}`: when the link stops working; `{minutes}`: how long it works. */
  expiry: string;
  ignore: string;
}

const TEXTS: Record<Language, ResetTexts> = {
  en: {
    subject: 'Choose a new Snaplist password',
    greeting: 'Hello,',
    action:
      'Someone asked to reset the password of your Snaplist account. Open this link to choose a new one:',
    button: 'Choose a new password',
    expiry: 'The link works once, for {minutes} minutes (until {time}).',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe Snaplist',
    greeting: 'Bonjour,',
    action:
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Snaplist. Ouvrez ce lien pour en choisir un nouveau :',
    button: 'Choisir un nouveau mot de passe',
    expiry: 'Le lien fonctionne une seule fois, pendant {minutes} minutes (jusqu’à {time}).',
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  de: {
    subject: 'Neues Snaplist-Passwort festlegen',
    greeting: 'Hallo,',
    action:
      'Jemand möchte das Passwort deines Snaplist-Kontos zurücksetzen. Öffne diesen Link, um ein neues festzulegen:',
    button: 'Neues Passwort festlegen',
    expiry: 'Der Link funktioniert einmal, {minutes} Minuten lang (bis {time}).',
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  },
  pl: {
    subject: 'Ustaw nowe hasło do Snaplist',
    greeting: 'Dzień dobry,',
    action:
      'Ktoś poprosił o zresetowanie hasła do Twojego konta Snaplist. Otwórz ten link, aby ustawić nowe hasło:',
    button: 'Ustaw nowe hasło',
    expiry: 'Link działa jeden raz, przez {minutes} minut (do {time}).',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
  },
};

export interface PasswordResetMailInput {
  to: string;
  language: Language;
  link: string;
  expiresAt: Date;
}

export function passwordResetMail({ to, language, link, expiresAt }: PasswordResetMailInput): MailMessage {
  const texts = TEXTS[language];
  const time = linkExpiryTime(language, expiresAt);
  const expiry = texts.expiry
    .replace('{minutes}', String(PASSWORD_RESET_TTL_MINUTES))
    .replace('{time}', time);
  return layoutMail({
    to,
    language,
    subject: texts.subject,
    greeting: texts.greeting,
    paragraphs: [{ lead: texts.action, link, button: texts.button }, expiry, texts.ignore],
  });
}
