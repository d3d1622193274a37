// A seller's first visit: sign up from the landing page, reach the dashboard, switch to French, log out
// and log back in.
import { uniqueEmail } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';

test('a seller signs up, uses the dashboard in French, logs out and logs back in', async ({ page }) => {
  // Sign-up, onboarding, two languages, a reload, log-out and log-in: 16 s alone, more beside another journey.
  test.setTimeout(60_000);
  const email = uniqueEmail('journey');
  const password = 'vintage-denim-2026';

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List, crosslist and grow your shop');
  await page.screenshot({ path: shotPath('landing-signed-out'), fullPage: true });

  await page.getByRole('button', { name: 'Login/Signup' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await modal.getByLabel('Email').fill('typed-before-toggle@example.test');
  await modal.getByRole('button', { name: 'Sign up' }).click();
  await expect(modal.getByRole('heading', { name: 'Welcome to Snaplist' })).toBeVisible();
  await expect(modal.getByLabel('Email'), 'toggling clears the fields').toHaveValue('');

  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill(password);
  await page.screenshot({ path: shotPath('auth-modal-sign-up') });
  await modal.getByRole('button', { name: 'Continue with email' }).click();
  await expect(modal.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
  await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Snaplist' })).toBeHidden();

  // A new seller from home gets the onboarding once; it is remembered by the server, not the browser.
  const onboarding = page.getByRole('dialog', { name: 'Welcome aboard!' });
  await expect(onboarding).toBeVisible();
  await page.screenshot({ path: shotPath('onboarding-step-1') });
  await onboarding.getByRole('button', { name: 'Skip' }).click();
  const gettingStarted = page.getByRole('dialog', { name: 'How would you like to start?' });
  await expect(gettingStarted.getByRole('link', { name: /Use Crosslister/ })).toBeVisible();
  await expect(gettingStarted.getByRole('button', { name: 'Take me to my listing' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('onboarding-step-2') });
  await gettingStarted.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTitle(email), 'the sidebar shows who is signed in').toHaveText(
    `Signed in as ${email}`,
  );
  await page.screenshot({ path: shotPath('dashboard-en'), fullPage: true });

  await page
    .getByRole('button', { name: /^Language/ })
    .first()
    .click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.screenshot({ path: shotPath('dashboard-fr'), fullPage: true });

  await page.getByRole('link', { name: 'Paramètres' }).click();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Paramètres' }),
    'the language survives a reload',
  ).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Connexion / Inscription' }).click();
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByLabel('Mot de passe').fill(password);
  await modal.getByRole('button', { name: "Continuer avec l'e-mail" }).click();
  await expect(page.getByText('Bon retour !')).toBeVisible();
  await page.getByRole('link', { name: 'Aller au tableau de bord' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('dialog'), 'the onboarding does not show a second time').toHaveCount(0);
});

test('the form explains bad input and a wrong password without losing what was typed', async ({
  page,
  seller,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login/Signup' }).click();
  const modal = page.getByRole('dialog', { name: 'Welcome back' });

  await modal.getByLabel('Email').fill('not-an-email');
  await modal.getByRole('button', { name: 'Continue with email' }).click();
  await expect(modal.getByText('Invalid email address')).toBeVisible();
  await expect(modal.getByText('You need to enter a password')).toBeVisible();

  await modal.getByLabel('Email').fill(seller.email);
  await modal.getByLabel('Password').fill('definitely-wrong');
  await modal.getByRole('button', { name: 'Continue with email' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page.getByRole('alertdialog'), 'one message, not a second one in an alert').toHaveCount(0);
  await expect(modal.getByLabel('Email')).toHaveValue(seller.email);
});

test('a visitor to the dashboard sees it blurred behind the log-in modal', async ({ page, seller }) => {
  await page.goto('/dashboard/settings');
  const modal = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(modal).toBeVisible();
  await page.screenshot({ path: shotPath('dashboard-signed-out') });

  await modal.getByLabel('Email').fill(seller.email);
  await modal.getByLabel('Password').fill(seller.password);
  await modal.getByRole('button', { name: 'Continue with email' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText(seller.email).first()).toBeVisible();
});

test('a signed-in seller stays signed in across reloads until the token is revoked', async ({
  signedInPage: page,
  seller,
  request,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const logout = await request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${seller.token}` },
  });
  expect(logout.ok()).toBe(true);
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Welcome back' }),
    'a revoked token signs the seller out',
  ).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('sa_auth_token'))).toBeNull();
});

test('unknown paths go home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List, crosslist and grow your shop');
});
