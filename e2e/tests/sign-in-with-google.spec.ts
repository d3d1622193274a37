// Google sign-in and e-mail verification (decisions 042 and 044), against the test OpenID provider
// (Google-like) the journeys' server is configured for, in English and French: from the landing page's modal
// in a popup, with onboarding for the new seller; from /photo-upload, landing on the generated listing with
// the photos chosen before; a Google e-mail that has a password account, linked with its password; and a
// password sign-up's banner, gone once the e-mailed link is followed. And pre-account hijacking
// (decision 053): a stranger's unconfirmed sign-up on the seller's address stops working once the seller
// links Google by e-mail.
import type { Page } from '@playwright/test';
import { createUser, uniqueEmail } from '@snaplist/server/testing';
import { createOnboardedSeller, expect, logInStatus, mailedLink, test } from '../fixtures';
import { JOURNEY_PHOTOS } from '../global-setup';

interface Words {
  loginSignup: string;
  welcomeBack: string;
  listingReady: string;
  continueWithGoogle: string;
  welcome: string;
  onboarding: string;
  close: string;
  uploadPhotos: string;
  generate: string;
  linkTitle: string;
  linkPassword: string;
  linkContinue: string;
  signUp: string;
  email: string;
  password: string;
  continueWithEmail: string;
  banner: (email: string) => string;
  confirm: string;
  confirmed: (email: string) => string;
  goToDashboard: string;
}

const WORDS: Record<'en' | 'fr', Words> = {
  en: {
    loginSignup: 'Login/Signup',
    welcomeBack: 'Welcome back',
    listingReady: 'Your listing is almost ready',
    continueWithGoogle: 'Continue with Google',
    welcome: 'Welcome!',
    onboarding: 'Welcome aboard!',
    close: 'Close',
    uploadPhotos: 'Upload Photos',
    generate: 'Upload & Generate',
    linkTitle: 'Link Google to your account',
    linkPassword: 'Snaplist password',
    linkContinue: 'Continue',
    signUp: 'Sign up',
    email: 'Email',
    password: 'Password',
    continueWithEmail: 'Continue with email',
    banner: (email) => `Confirm your email address: we sent a link to ${email}.`,
    confirm: 'Confirm my email',
    confirmed: (email) => `Your email ${email} is confirmed.`,
    goToDashboard: 'Go to Dashboard',
  },
  fr: {
    loginSignup: 'Connexion / Inscription',
    welcomeBack: 'Bon retour parmi nous',
    listingReady: 'Votre annonce est presque prête',
    continueWithGoogle: 'Continuer avec Google',
    welcome: 'Bienvenue !',
    onboarding: 'Bienvenue à bord !',
    close: 'Fermer',
    uploadPhotos: 'Importer des photos',
    generate: 'Importer et générer',
    linkTitle: 'Associer Google à votre compte',
    linkPassword: 'Mot de passe Snaplist',
    linkContinue: 'Continuer',
    signUp: "S'inscrire",
    email: 'E-mail',
    password: 'Mot de passe',
    continueWithEmail: "Continuer avec l'e-mail",
    banner: (email) => `Confirmez votre adresse e-mail : nous avons envoyé un lien à ${email}.`,
    confirm: 'Confirmer mon e-mail',
    confirmed: (email) => `Votre e-mail ${email} est confirmé.`,
    goToDashboard: 'Aller au tableau de bord',
  },
};

/** Clicks "Continue with Google" and signs in as `email` on the test provider's page, in the popup. */
async function signInWithGoogle(page: Page, email: string, shot?: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Google/ }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Sign in as').fill(email);
  if (shot) await popup.screenshot({ path: `/tmp/shots/${shot}.png` });
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  // The callback page hands the answer back and closes the popup itself.
  await closed;
}

test('a stranger’s unconfirmed sign-up on the seller’s address loses it when the seller links Google by e-mail', async ({
  page,
  appUrl,
}) => {
  // The stranger signs up first with the seller's address and a password, and never confirms it.
  const stranger = await createUser(appUrl);
  await page.goto('/');
  await page.getByRole('button', { name: 'Login/Signup' }).click();
  await signInWithGoogle(page, stranger.email);
  const linkView = page.getByRole('dialog', { name: 'Link Google to your account' });
  await linkView.getByRole('button', { name: 'Email me a link instead' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const link = await mailedLink(stranger.email, '/auth/link');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Link Google to your account' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/link-by-email-page.png' });
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  expect(await logInStatus(page, stranger.email, stranger.password)).toBe(401);
  const strangersSession = await page.evaluate(async (token) => {
    const answer = await fetch('/api/users/crosslister', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'crosslister' }),
    });
    return answer.status;
  }, stranger.token);
  expect(strangersSession).toBe(401);
});

for (const language of ['en', 'fr'] as const) {
  const words = WORDS[language];

  test.describe(`in ${language === 'en' ? 'English' : 'French'}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((code) => window.localStorage.setItem('language', code), language);
    });

    test(`a new seller continues with Google from the landing page and meets the onboarding (${language})`, async ({
      page,
    }) => {
      const email = uniqueEmail(`google-${language}`);
      await page.goto('/');
      await page.getByRole('button', { name: words.loginSignup }).click();
      const modal = page.getByRole('dialog', { name: words.welcomeBack });
      await expect(modal.getByRole('button', { name: words.continueWithGoogle })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/google-modal-buttons-${language}.png` });

      await signInWithGoogle(page, email, `google-provider-page-${language}`);

      await expect(page.getByText(words.welcome, { exact: true })).toBeVisible();
      await expect(page.getByRole('dialog', { name: words.onboarding })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/google-popup-return-${language}.png` });
      await expect(page.getByRole('dialog', { name: words.welcomeBack })).toHaveCount(0);
      const session = await page.evaluate(async () => {
        const token = window.localStorage.getItem('sa_auth_token');
        const answer = await fetch('/api/users/crosslister', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ product: 'crosslister' }),
        });
        return (await answer.json()) as {
          user: { email: string; linkedProviders: string[]; emailVerified: boolean };
        };
      });
      expect(session.user).toMatchObject({ email, linkedProviders: ['google'], emailVerified: true });
    });

    test(`a visitor who chose photos continues with Google and lands on the generated listing (${language})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.goto('/photo-upload');
      await page.getByLabel(words.uploadPhotos).setInputFiles([JOURNEY_PHOTOS.jeans, JOURNEY_PHOTOS.label]);
      await page.getByRole('button', { name: words.generate }).click();
      await expect(page.getByRole('dialog', { name: words.listingReady })).toBeVisible();

      await signInWithGoogle(page, uniqueEmail(`google-upload-${language}`));

      await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]{36}$/, { timeout: 45_000 });
      await expect(page.getByText("Levi's").first()).toBeVisible();
    });

    test(`when the popup is blocked, the tab itself goes to Google and comes back signed in (${language})`, async ({
      page,
    }) => {
      // A popup blocker: window.open gives nothing.
      await page.addInitScript(() => {
        window.open = () => null;
      });
      await page.goto('/');
      await page.getByRole('button', { name: words.loginSignup }).click();
      await page.getByRole('button', { name: words.continueWithGoogle }).click();
      await page.getByLabel('Sign in as').fill(uniqueEmail(`google-tab-${language}`));
      await page.getByRole('button', { name: 'Sign in' }).click();

      // Back where the modal was opened, signed in, with the new seller's onboarding. (The welcome toast waits for
      // the first key or pointer press on this freshly loaded page: the app mounts its toaster then.) Two full
      // page loads and the provider's round trip come first: beside another journey they took over 7 s.
      await expect(page.getByRole('dialog', { name: words.onboarding })).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(/\/$/);
      expect(
        await page.evaluate(() => window.sessionStorage.getItem('snaplist.provider_sign_in')),
      ).toBeNull();
    });

    test(`a Google e-mail that has a password account is linked with the password (${language})`, async ({
      page,
      appUrl,
    }) => {
      const seller = await createOnboardedSeller(appUrl);
      await page.goto('/');
      await page.getByRole('button', { name: words.loginSignup }).click();
      await signInWithGoogle(page, seller.email);

      const linkView = page.getByRole('dialog', { name: words.linkTitle });
      await expect(linkView).toBeVisible();
      await expect(linkView.getByText(seller.email)).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/google-link-view-${language}.png` });
      await linkView.getByLabel(words.linkPassword).fill(seller.password);
      await linkView.getByRole('button', { name: words.linkContinue, exact: true }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 10_000 });
      await page.goto('/dashboard');
      await expect(page.getByText(seller.email).first()).toBeVisible();
    });

    test(`a password sign-up sees the banner until the e-mailed link is followed (${language})`, async ({
      page,
    }) => {
      const email = uniqueEmail(`verify-${language}`);
      await page.goto('/');
      await page.getByRole('button', { name: words.loginSignup }).click();
      await page.getByRole('dialog').getByRole('button', { name: words.signUp }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel(words.email).fill(email);
      await modal.getByLabel(words.password, { exact: true }).fill('second-hand-first-class');
      await modal.getByRole('button', { name: words.continueWithEmail }).click();
      const onboarding = page.getByRole('dialog', { name: words.onboarding });
      await expect(onboarding).toBeVisible();
      await onboarding.getByRole('button', { name: words.close }).first().click();

      await page.goto('/dashboard');
      const banner = page.getByText(words.banner(email));
      await expect(banner).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/verify-banner-desktop-${language}.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(banner).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/verify-banner-390-${language}.png` });

      const link = await mailedLink(email, '/confirm-email');
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page).toHaveURL(/\/confirm-email$/);
      await page.getByRole('button', { name: words.confirm }).click();
      await expect(page.getByText(words.confirmed(email))).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/confirm-email-done-390-${language}.png` });
      await page.getByRole('main').getByRole('link', { name: words.goToDashboard }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(words.banner(email))).toHaveCount(0);
    });
  });
}
