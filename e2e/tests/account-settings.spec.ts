// A seller's account in Settings (decisions 042 and 043), end to end against the real server: sign up, change
// the password (then log out and back in with the new one), change the e-mail through the link the server
// writes to its outbox, export everything as a zip, and delete the account with the typed confirmation, after
// which the last credentials no longer work. In English on a desktop and in Polish on a 390 px phone.
import type { Page } from '@playwright/test';
import { uniqueEmail, unzip } from '@snaplist/server/testing';
import { expect, logInStatus, mailedLink, shotPath, test } from '../fixtures';

interface Words {
  loginSignup: string;
  welcomeBack: string;
  signUp: string;
  welcomeToSnaplist: string;
  email: string;
  password: string;
  continueWithEmail: string;
  settings: string;
  account: string;
  notConfirmed: string;
  confirmed: string;
  changePassword: string;
  currentPassword: string;
  newPassword: string;
  passwordChanged: string;
  signOut: string;
  changeEmail: string;
  newEmail: string;
  sendConfirmationLink: string;
  linkSent: (pending: string, current: string) => string;
  confirmMyEmail: string;
  emailConfirmed: string;
  yourData: string;
  exportMyData: string;
  exportDone: (fileName: string) => string;
  deleteAccount: string;
  deleteDialog: string;
  typeEmail: (email: string) => string;
  deleteMyAccount: string;
  deleted: string;
  incorrectCredentials: string;
}

const WORDS: Record<'en' | 'pl', Words> = {
  en: {
    loginSignup: 'Login/Signup',
    welcomeBack: 'Welcome back',
    signUp: 'Sign up',
    welcomeToSnaplist: 'Welcome to Snaplist',
    email: 'Email',
    password: 'Password',
    continueWithEmail: 'Continue with email',
    settings: 'Settings',
    account: 'Account',
    notConfirmed: 'Not confirmed yet',
    confirmed: 'Confirmed',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    passwordChanged: "Password changed. You're still signed in here; other devices were signed out.",
    signOut: 'Sign Out',
    changeEmail: 'Change email',
    newEmail: 'New email address',
    sendConfirmationLink: 'Send confirmation link',
    linkSent: (pending, current) =>
      `We sent a link to ${pending}. Your address stays ${current} until you follow it.`,
    confirmMyEmail: 'Confirm my email',
    emailConfirmed: 'Email confirmed',
    yourData: 'Your data',
    exportMyData: 'Export my data',
    exportDone: (fileName) => `Downloaded ${fileName}`,
    deleteAccount: 'Delete account',
    deleteDialog: 'Delete your account?',
    typeEmail: (email) => `To confirm, type your email address: ${email}`,
    deleteMyAccount: 'Delete my account',
    deleted: 'Your account and everything in it were deleted. Thanks for selling with Snaplist.',
    incorrectCredentials: 'Incorrect email or password',
  },
  pl: {
    loginSignup: 'Logowanie/Rejestracja',
    welcomeBack: 'Witaj ponownie',
    signUp: 'Zarejestruj się',
    welcomeToSnaplist: 'Witaj w Snaplist',
    email: 'E-mail',
    password: 'Hasło',
    continueWithEmail: 'Kontynuuj przez e-mail',
    settings: 'Ustawienia',
    account: 'Konto',
    notConfirmed: 'Jeszcze niepotwierdzony',
    confirmed: 'Potwierdzony',
    changePassword: 'Zmień hasło',
    currentPassword: 'Obecne hasło',
    newPassword: 'Nowe hasło',
    passwordChanged:
      'Hasło zmienione. Tutaj nadal jesteś zalogowany, a na innych urządzeniach wylogowaliśmy Cię.',
    signOut: 'Wyloguj się',
    changeEmail: 'Zmień adres e-mail',
    newEmail: 'Nowy adres e-mail',
    sendConfirmationLink: 'Wyślij link potwierdzający',
    linkSent: (pending, current) =>
      `Wysłaliśmy link na adres ${pending}. Do czasu jego kliknięcia Twoim adresem pozostaje ${current}.`,
    confirmMyEmail: 'Potwierdź mój e-mail',
    emailConfirmed: 'E-mail potwierdzony',
    yourData: 'Twoje dane',
    exportMyData: 'Eksportuj moje dane',
    exportDone: (fileName) => `Pobrano ${fileName}`,
    deleteAccount: 'Usuń konto',
    deleteDialog: 'Usunąć Twoje konto?',
    typeEmail: (email) => `Aby potwierdzić, wpisz swój adres e-mail: ${email}`,
    deleteMyAccount: 'Usuń moje konto',
    deleted:
      'Twoje konto i wszystko, co w nim było, zostało usunięte. Dziękujemy za sprzedawanie ze Snaplist.',
    incorrectCredentials: 'Nieprawidłowy e-mail lub hasło',
  },
};

const LAYOUTS = {
  en: { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  pl: { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
} as const;

async function logInFromHome(page: Page, words: Words, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('button', { name: words.loginSignup }).click();
  const modal = page.getByRole('dialog', { name: words.welcomeBack });
  await modal.getByLabel(words.email).fill(email);
  await modal.getByLabel(words.password).fill(password);
  await modal.getByRole('button', { name: words.continueWithEmail }).click();
  return modal;
}

for (const language of ['en', 'pl'] as const) {
  const layout = LAYOUTS[language];
  test.describe(`on a ${layout.name} (${language})`, () => {
    test.use(layout.use);

    test('a seller changes their password and e-mail, exports their data and deletes their account', async ({
      page,
    }) => {
      // Sign-up, two log-ins, confirming, exporting and deleting: more than one journey's usual time.
      test.slow();
      const words = WORDS[language];
      const shot = (name: string) =>
        page.screenshot({ path: shotPath(`settings-${name}-${layout.name}-${language}`), fullPage: true });
      const email = uniqueEmail(`settings-${language}`);
      const password = 'vintage-denim-2026';
      const newPassword = 'linen-shirts-2027';
      const newEmail = uniqueEmail(`settings-new-${language}`);
      await page.addInitScript((code) => window.localStorage.setItem('language', code), language);

      await page.goto('/dashboard');
      await page
        .getByRole('dialog', { name: words.welcomeBack })
        .getByRole('button', { name: words.signUp })
        .click();
      const signUp = page.getByRole('dialog', { name: words.welcomeToSnaplist });
      await signUp.getByLabel(words.email).fill(email);
      await signUp.getByLabel(words.password).fill(password);
      await signUp.getByRole('button', { name: words.continueWithEmail }).click();
      await expect(signUp).toBeHidden();

      await page.getByRole('link', { name: words.settings }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings$/);
      const main = page.getByRole('main');
      const account = main.getByRole('region', { name: words.account });
      await expect(account.getByText(email, { exact: true })).toBeVisible();
      await expect(account.getByText(words.notConfirmed)).toBeVisible();
      await shot('page');

      // Change the password, then log out and back in with the new one.
      const passwordCard = main.getByRole('region', { name: words.changePassword });
      await passwordCard.getByLabel(words.currentPassword).fill(password);
      await passwordCard.getByLabel(words.newPassword).fill(newPassword);
      await passwordCard.getByRole('button', { name: words.changePassword }).click();
      await expect(page.getByText(words.passwordChanged)).toBeVisible();
      await expect(passwordCard.getByLabel(words.newPassword)).toHaveValue('');
      await shot('password-changed');
      await main.getByRole('button', { name: words.signOut }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await logInStatus(page, email, password)).toBe(401);
      const logIn = await logInFromHome(page, words, email, newPassword);
      await expect(logIn).toBeHidden();

      // Change the e-mail: nothing changes until the link sent to the new address is followed.
      await page.goto('/dashboard/settings');
      const emailCard = main.getByRole('region', { name: words.changeEmail });
      await emailCard.getByLabel(words.newEmail).fill(newEmail);
      await emailCard.getByLabel(words.currentPassword).fill(newPassword);
      await emailCard.getByRole('button', { name: words.sendConfirmationLink }).click();
      await expect(emailCard.getByRole('status')).toHaveText(words.linkSent(newEmail, email));
      await shot('email-link-sent');
      expect(await logInStatus(page, newEmail, newPassword)).toBe(401);

      const link = await mailedLink(newEmail, '/confirm-email');
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('button', { name: words.confirmMyEmail }).click();
      await expect(page.getByRole('heading', { name: words.emailConfirmed })).toBeVisible();
      await page.goto('/dashboard/settings');
      await expect(account.getByText(newEmail, { exact: true })).toBeVisible();
      await expect(account.getByText(words.confirmed, { exact: true })).toBeVisible();
      expect(await logInStatus(page, newEmail, newPassword)).toBe(200);

      // Export: a zip with the listings and the account, under the server's name.
      const downloading = page.waitForEvent('download');
      await main
        .getByRole('region', { name: words.yourData })
        .getByRole('button', { name: words.exportMyData })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^snaplist-export-\d{4}-\d{2}-\d{2}\.zip$/);
      await expect(page.getByText(words.exportDone(download.suggestedFilename()))).toBeVisible();
      const entries = await unzip(await download.path());
      expect(JSON.parse(entries.get('listings.json')?.toString('utf8') ?? 'null')).toEqual([]);
      expect(JSON.parse(entries.get('account.json')?.toString('utf8') ?? 'null')).toMatchObject({
        email: newEmail,
      });

      // Delete: only once the account's address is typed and its password given.
      await main
        .getByRole('region', { name: words.deleteAccount })
        .getByRole('button', { name: words.deleteAccount })
        .click();
      const dialog = page.getByRole('dialog', { name: words.deleteDialog });
      const confirm = dialog.getByRole('button', { name: words.deleteMyAccount });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(words.typeEmail(newEmail)).fill(email);
      await expect(confirm, 'the old address does not confirm').toBeDisabled();
      await dialog.getByLabel(words.typeEmail(newEmail)).fill(newEmail.toUpperCase());
      await expect(confirm, 'the password is asked too').toBeDisabled();
      await dialog.getByLabel(words.currentPassword).fill(newPassword);
      await expect(confirm).toBeEnabled();
      await page.screenshot({ path: shotPath(`settings-delete-dialog-${layout.name}-${language}`) });
      await confirm.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(words.deleted)).toBeVisible();

      const afterDeletion = await logInFromHome(page, words, newEmail, newPassword);
      await expect(afterDeletion.getByRole('alert')).toHaveText(words.incorrectCredentials);
      expect(await logInStatus(page, email, password)).toBe(401);
    });
  });
}
