// The mail of e-mail verification and e-mail changes, in the four interface languages: the link that confirms a
// sign-up's address, the link that confirms a new address (sent to that new address), and the notice the old
// address gets once the change is done.
import { EMAIL_LINK_TTL_HOURS, type Language } from '@snaplist/contract';
import { layoutMail, linkExpiryTime } from '../../platform/mail/mail-layout';
import type { MailMessage } from '../../platform/mail/mailer';

interface LinkTexts {
  subject: string;
  action: string;
  button: string;
  /** `{hours}`: how long the link works; `{time}`: when it stops working. */
  expiry: string;
  ignore: string;
}

interface NoticeTexts {
  subject: string;
  /** `{email}`: the account's new address. */
  changed: string;
  /** `{support}`: the support address. */
  notYou: string;
}

interface AccountEmailTexts {
  greeting: string;
  verify: LinkTexts;
  change: LinkTexts;
  notice: NoticeTexts;
}

const TEXTS: Record<Language, AccountEmailTexts> = {
  en: {
    greeting: 'Hello,',
    verify: {
      subject: 'Confirm your email address for Snaplist',
      action:
        'Welcome to Snaplist! Confirm that this is your email address, so we can reach you about your account:',
      button: 'Confirm my email address',
      expiry: 'The link works once, for {hours} hours (until {time}).',
      ignore:
        'If you did not create a Snaplist account, ignore this e-mail: nothing happens without the link.',
    },
    change: {
      subject: 'Confirm your new email address for Snaplist',
      action:
        'You asked to use this address for your Snaplist account. Open this link to confirm it; until then, you keep logging in with your current address:',
      button: 'Confirm my new email address',
      expiry: 'The link works once, for {hours} hours (until {time}).',
      ignore: 'If you did not ask for this, ignore this e-mail: the account keeps its current address.',
    },
    notice: {
      subject: 'Your Snaplist email address was changed',
      changed:
        'The email address of your Snaplist account is now {email}. From now on, log in with the new address.',
      notYou:
        'If this wasn’t you, write to {support} straight away: we will help you get your account back and choose a new password.',
    },
  },
  fr: {
    greeting: 'Bonjour,',
    verify: {
      subject: 'Confirmez votre adresse e-mail Snaplist',
      action:
        'Bienvenue sur Snaplist ! Confirmez que cette adresse e-mail est bien la vôtre, pour que nous puissions vous écrire au sujet de votre compte :',
      button: 'Confirmer mon adresse e-mail',
      expiry: 'Le lien fonctionne une seule fois, pendant {hours} heures (jusqu’au {time}).',
      ignore:
        'Si vous n’avez pas créé de compte Snaplist, ignorez cet e-mail : rien ne se passe sans le lien.',
    },
    change: {
      subject: 'Confirmez votre nouvelle adresse e-mail Snaplist',
      action:
        'Vous avez demandé à utiliser cette adresse pour votre compte Snaplist. Ouvrez ce lien pour la confirmer ; d’ici là, vous continuez à vous connecter avec votre adresse actuelle :',
      button: 'Confirmer ma nouvelle adresse',
      expiry: 'Le lien fonctionne une seule fois, pendant {hours} heures (jusqu’au {time}).',
      ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : le compte garde son adresse actuelle.',
    },
    notice: {
      subject: 'L’adresse e-mail de votre compte Snaplist a changé',
      changed:
        'L’adresse e-mail de votre compte Snaplist est désormais {email}. Connectez-vous dorénavant avec cette nouvelle adresse.',
      notYou:
        'Si ce n’est pas vous, écrivez tout de suite à {support} : nous vous aiderons à récupérer votre compte et à choisir un nouveau mot de passe.',
    },
  },
  de: {
    greeting: 'Hallo,',
    verify: {
      subject: 'Bestätige deine E-Mail-Adresse für Snaplist',
      action:
        'Willkommen bei Snaplist! Bestätige, dass das deine E-Mail-Adresse ist, damit wir dich wegen deines Kontos erreichen können:',
      button: 'E-Mail-Adresse bestätigen',
      expiry: 'Der Link funktioniert einmal, {hours} Stunden lang (bis {time}).',
      ignore:
        'Wenn du kein Snaplist-Konto erstellt hast, ignoriere diese E-Mail: Ohne den Link passiert nichts.',
    },
    change: {
      subject: 'Bestätige deine neue E-Mail-Adresse für Snaplist',
      action:
        'Du möchtest diese Adresse für dein Snaplist-Konto verwenden. Öffne diesen Link, um sie zu bestätigen; bis dahin meldest du dich weiter mit deiner bisherigen Adresse an:',
      button: 'Neue E-Mail-Adresse bestätigen',
      expiry: 'Der Link funktioniert einmal, {hours} Stunden lang (bis {time}).',
      ignore:
        'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Konto behält seine bisherige Adresse.',
    },
    notice: {
      subject: 'Die E-Mail-Adresse deines Snaplist-Kontos wurde geändert',
      changed:
        'Die E-Mail-Adresse deines Snaplist-Kontos lautet jetzt {email}. Melde dich ab sofort mit der neuen Adresse an.',
      notYou:
        'Warst du das nicht? Schreib sofort an {support}: Wir helfen dir, dein Konto zurückzubekommen und ein neues Passwort festzulegen.',
    },
  },
  pl: {
    greeting: 'Dzień dobry,',
    verify: {
      subject: 'Potwierdź swój adres e-mail w Snaplist',
      action:
        'Witamy w Snaplist! Potwierdź, że to Twój adres e-mail, abyśmy mogli kontaktować się z Tobą w sprawie konta:',
      button: 'Potwierdź adres e-mail',
      expiry: 'Link działa jeden raz, przez {hours} godziny (do {time}).',
      ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: bez kliknięcia w link nic się nie stanie.',
    },
    change: {
      subject: 'Potwierdź nowy adres e-mail w Snaplist',
      action:
        'Poproszono o użycie tego adresu dla Twojego konta Snaplist. Otwórz ten link, aby go potwierdzić; do tego czasu logujesz się dotychczasowym adresem:',
      button: 'Potwierdź nowy adres e-mail',
      expiry: 'Link działa jeden raz, przez {hours} godziny (do {time}).',
      ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: konto zachowa dotychczasowy adres.',
    },
    notice: {
      subject: 'Adres e-mail Twojego konta Snaplist został zmieniony',
      changed: 'Adres e-mail Twojego konta Snaplist to teraz {email}. Od teraz loguj się nowym adresem.',
      notYou:
        'Jeśli to nie Ty, od razu napisz na {support}: pomożemy Ci odzyskać konto i ustawić nowe hasło.',
    },
  },
};

export interface EmailLinkMailInput {
  /** The address the link confirms, which is where it goes. */
  to: string;
  purpose: 'verify' | 'change';
  language: Language;
  link: string;
  expiresAt: Date;
}

/** The link that confirms an address: a sign-up's own, or the new one of an e-mail change. */
export function emailLinkMail({ to, purpose, language, link, expiresAt }: EmailLinkMailInput): MailMessage {
  const { greeting } = TEXTS[language];
  const texts = TEXTS[language][purpose];
  // A day ahead, so the date matters.
  const time = linkExpiryTime(language, expiresAt, true);
  const expiry = texts.expiry.replace('{hours}', String(EMAIL_LINK_TTL_HOURS)).replace('{time}', time);
  return layoutMail({
    to,
    language,
    subject: texts.subject,
    greeting,
    paragraphs: [{ lead: texts.action, link, button: texts.button }, expiry, texts.ignore],
  });
}

export interface EmailChangedNoticeInput {
  /** The address the account had: its owner must learn of the change even if they did not make it. */
  to: string;
  newEmail: string;
  language: Language;
  supportEmail: string;
}

export function emailChangedNotice({
  to,
  newEmail,
  language,
  supportEmail,
}: EmailChangedNoticeInput): MailMessage {
  const { greeting, notice } = TEXTS[language];
  return layoutMail({
    to,
    language,
    subject: notice.subject,
    greeting,
    paragraphs: [
      notice.changed.replace('{email}', newEmail),
      notice.notYou.replace('{support}', supportEmail),
    ],
  });
}
