// The e-mail that lets a seller link Google or Apple to the account they already have (decision 041), in the
// four interface languages: what following the link does, until when it works, and what to do when they did
// not ask for it. Plain text and HTML come from the one mail layout.
import { type Language, OIDC_LINK_EMAIL_TTL_MINUTES, type OidcProvider } from '@snaplist/contract';
import type { MailMessage } from '../../platform/mail/mailer';
import { type SingleUseLinkTexts, singleUseLinkMail } from './single-use-link-mail';

/** `{provider}` in the subject, the action and the button: Google or Apple. */
const TEXTS: Record<Language, SingleUseLinkTexts> = {
  en: {
    subject: 'Sign in to Snaplist with {provider}',
    greeting: 'Hello,',
    action:
      'Someone asked to sign in to your Snaplist account with {provider}. Open this link to allow it; from then on, the {provider} button takes you straight to your listings:',
    button: 'Use {provider} for my account',
    ignore:
      'If this wasn’t you, ignore this e-mail: nothing changes without the link, and your password stays as it is.',
  },
  fr: {
    subject: 'Connectez-vous à Snaplist avec {provider}',
    greeting: 'Bonjour,',
    action:
      'Quelqu’un a demandé à se connecter à votre compte Snaplist avec {provider}. Ouvrez ce lien pour l’autoriser ; ensuite, le bouton {provider} vous mènera directement à vos annonces :',
    button: 'Utiliser {provider} pour mon compte',
    ignore:
      'Si ce n’était pas vous, ignorez cet e-mail : rien ne change sans le lien, et votre mot de passe reste inchangé.',
  },
  de: {
    subject: 'Mit {provider} bei Snaplist anmelden',
    greeting: 'Hallo,',
    action:
      'Jemand möchte sich mit {provider} bei deinem Snaplist-Konto anmelden. Öffne diesen Link, um das zu erlauben; danach bringt dich der {provider}-Button direkt zu deinen Angeboten:',
    button: '{provider} für mein Konto verwenden',
    ignore:
      'Wenn du das nicht warst, ignoriere diese E-Mail: Ohne den Link ändert sich nichts, und dein Passwort bleibt unverändert.',
  },
  pl: {
    subject: 'Logowanie do Snaplist przez {provider}',
    greeting: 'Dzień dobry,',
    action:
      'Ktoś chce logować się do Twojego konta Snaplist przez {provider}. Otwórz ten link, aby na to pozwolić; potem przycisk {provider} zaprowadzi Cię prosto do Twoich ogłoszeń:',
    button: 'Używaj {provider} do mojego konta',
    ignore:
      'Jeśli to nie Ty, zignoruj tę wiadomość: bez linku nic się nie zmieni, a Twoje hasło pozostanie bez zmian.',
  },
};

const PROVIDER_NAMES: Record<OidcProvider, string> = { google: 'Google', apple: 'Apple' };

export interface OidcLinkMailInput {
  to: string;
  language: Language;
  provider: OidcProvider;
  link: string;
  expiresAt: Date;
}

export function oidcLinkMail({ to, language, provider, link, expiresAt }: OidcLinkMailInput): MailMessage {
  const texts = TEXTS[language];
  const fill = (text: string) => text.replaceAll('{provider}', PROVIDER_NAMES[provider]);
  return singleUseLinkMail({
    to,
    language,
    link,
    expiresAt,
    ttlMinutes: OIDC_LINK_EMAIL_TTL_MINUTES,
    texts: { ...texts, subject: fill(texts.subject), action: fill(texts.action), button: fill(texts.button) },
  });
}
