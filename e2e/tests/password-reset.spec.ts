import { createOnboardedSeller, expect, logInStatus, mailedLink, shotPath, test } from '../fixtures';

interface Words {
  loginSignup: string;
  welcomeBack: string;
  email: string;
  forgot: string;
  resetTitle: string;
  sendLink: string;
  sent: (email: string) => string;
  newPassword: string;
  setPassword: string;
  done: string;
  linkInvalid: string;
}

const WORDS: Record<'en' | 'fr', Words> = {
  en: {
    loginSignup: 'Login/Signup',
    welcomeBack: 'Welcome back',
    email: 'Email',
    forgot: 'Forgot password?',
    resetTitle: 'Reset your password',
    sendLink: 'Send link',
    sent: (email) => `If an account exists for ${email}, we've sent a link to choose a new password.`,
    newPassword: 'New password',
    setPassword: 'Set new password',
    done: "Your password is changed. You're signed in.",
    linkInvalid: "This link doesn't work",
  },
  fr: {
    loginSignup: 'Connexion / Inscription',
    welcomeBack: 'Bon retour parmi nous',
    email: 'E-mail',
    forgot: 'Mot de passe oublié ?',
    resetTitle: 'Réinitialiser votre mot de passe',
    sendLink: 'Envoyer le lien',
    sent: (email) => `Si un compte existe pour ${email}, nous avons envoyé un lien`,
    newPassword: 'Nouveau mot de passe',
    setPassword: 'Enregistrer le mot de passe',
    done: 'Votre mot de passe est modifié. Vous êtes connecté.',
    linkInvalid: 'Ce lien ne fonctionne plus',
  },
};

for (const language of ['en', 'fr'] as const) {
  test(`a seller who forgot their password sets a new one from the e-mailed link (${language})`, async ({
    page,
    appUrl,
  }) => {
    const words = WORDS[language];
    const seller = await createOnboardedSeller(appUrl);
    await page.addInitScript((code) => window.localStorage.setItem('language', code), language);

    await page.goto('/');
    await page.getByRole('button', { name: words.loginSignup }).click();
    const modal = page.getByRole('dialog', { name: words.welcomeBack });
    await modal.getByLabel(words.email).fill(seller.email);
    await modal.getByRole('button', { name: words.forgot }).click();
    const resetView = page.getByRole('dialog', { name: words.resetTitle });
    await resetView.getByRole('button', { name: words.sendLink }).click();
    await expect(resetView.getByText(words.sent(seller.email))).toBeVisible();
    await page.screenshot({ path: shotPath(`password-reset-sent-${language}`) });

    const link = await mailedLink(seller.email, '/reset-password');
    expect(link.origin).toBe(appUrl);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/reset-password$/);
    const newPassword = `new-${seller.password}`;
    await page.getByLabel(words.newPassword).fill(newPassword);
    await page.screenshot({ path: shotPath(`password-reset-page-${language}`) });
    await page.getByRole('button', { name: words.setPassword }).click();

    await expect(page.getByText(words.done)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await logInStatus(page, seller.email, seller.password)).toBe(401);
    expect(await logInStatus(page, seller.email, newPassword)).toBe(200);
    const oldSession = await fetch(`${appUrl}/api/users/crosslister`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(oldSession.status).toBe(401);

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(words.newPassword).fill(`again-${newPassword}`);
    await page.getByRole('button', { name: words.setPassword }).click();
    await expect(page.getByRole('heading', { name: words.linkInvalid })).toBeVisible();
    await page.screenshot({ path: shotPath(`password-reset-used-${language}`) });
  });
}
