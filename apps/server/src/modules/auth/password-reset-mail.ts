// The password reset e-mail in the four interface languages: short, the link, until when it works, and what
// to do when the seller did not ask for it. Plain text and HTML say the same.
import { type Language, PASSWORD_RESET_TTL_MINUTES } from '@snaplist/contract';
import type { MailMessage } from '../../platform/mail/mailer';
import { type SingleUseLinkTexts, singleUseLinkMail } from './single-use-link-mail';

const TEXTS: Record<Language, SingleUseLinkTexts> = {
  en: {
    subject: 'Choose a new Snaplist password',
    greeting: 'Hello,',
    action:
      'Someone asked to reset the password of your Snaplist account. Open this link to choose a new one:',
    button: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe Snaplist',
    greeting: 'Bonjour,',
    action:
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Snaplist. Ouvrez ce lien pour en choisir un nouveau :',
    button: 'Choisir un nouveau mot de passe',
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  de: {
    subject: 'Neues Snaplist-Passwort festlegen',
    greeting: 'Hallo,',
    action:
      'Jemand möchte das Passwort deines Snaplist-Kontos zurücksetzen. Öffne diesen Link, um ein neues festzulegen:',
    button: 'Neues Passwort festlegen',
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  },
  pl: {
    subject: 'Ustaw nowe hasło do Snaplist',
    greeting: 'Dzień dobry,',
    action:
      'Ktoś poprosił o zresetowanie hasła do Twojego konta Snaplist. Otwórz ten link, aby ustawić nowe hasło:',
    button: 'Ustaw nowe hasło',
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
  return singleUseLinkMail({
    to,
    language,
    link,
    expiresAt,
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
    texts: TEXTS[language],
  });
}
