// The auth form's answers (docs/decisions/022): the password rule checked in the browser before anything is
// sent, one translated message per failure and no alert, and onboarding only after signing in from home.
import type { Page } from '@playwright/test';
import { createUser, uniqueEmail } from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';

async function openAuthModal(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login/Signup' }).click();
  return page.getByRole('dialog', { name: 'Welcome back' });
}

test('a new seller who logs in from the dashboard is not shown the onboarding', async ({ page, appUrl }) => {
  const newSeller = await createUser(appUrl);
  expect(newSeller.user).toMatchObject({ isNewUser: true, hasSeenOnboarding: false });

  await page.goto('/dashboard');
  const modal = page.getByRole('dialog', { name: 'Welcome back' });
  await modal.getByLabel('Email').fill(newSeller.email);
  await modal.getByLabel('Password').fill(newSeller.password);
  await modal.getByRole('button', { name: 'Continue with email' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome aboard!' })).toHaveCount(0);
});

test('a sign-up password shorter than the server accepts is refused in the browser', async ({ page }) => {
  const signups: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/signup')) signups.push(request.url());
  });
  const modal = await openAuthModal(page);
  await modal.getByRole('button', { name: 'Sign up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Welcome to Snaplist' });
  await expect(signUp.getByText('At least 8 characters.')).toBeVisible();
  await signUp.getByLabel('Email').fill(uniqueEmail('short'));
  await signUp.getByLabel('Password').fill('abc');
  await signUp.getByRole('button', { name: 'Continue with email' }).click();

  await expect(signUp.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(signUp.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  expect(signups).toEqual([]);
});

test('a taken e-mail is named as such on sign-up, in German', async ({ page, seller }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'de'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Anmelden/Registrieren' }).click();
  await page
    .getByRole('dialog', { name: 'Willkommen zurück' })
    .getByRole('button', { name: 'Registrieren' })
    .click();
  const modal = page.getByRole('dialog', { name: 'Willkommen bei Snaplist' });
  await modal.getByLabel('E-Mail').fill(seller.email);
  await modal.getByLabel('Passwort').fill('long-enough-password');
  await modal.getByRole('button', { name: 'Weiter mit E-Mail' }).click();

  await expect(modal.getByRole('alert')).toHaveText(
    'Mit dieser E-Mail gibt es bereits ein Konto. Melde dich stattdessen an.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.screenshot({ path: shotPath('auth-form-email-taken-de') });
});

test.describe('when the server cannot answer', () => {
  const cases = [
    {
      name: 'no connection',
      answer: 'abort',
      shown: "We couldn't reach Snaplist. Check your internet connection and try again.",
    },
    {
      name: 'a server error',
      answer: { status: 500, json: { message: 'Internal server error', code: 'internal_error' } },
      shown: 'Snaplist is having trouble right now. Please try again in a few minutes.',
    },
    {
      name: 'too many attempts',
      answer: {
        status: 429,
        headers: { 'retry-after': '600' },
        json: {
          message: 'Too many attempts. Please wait a few minutes and try again.',
          code: 'rate_limited',
        },
      },
      shown: 'Too many attempts. Please wait a few minutes and try again.',
    },
  ] as const;

  for (const { name, answer, shown } of cases) {
    test(`${name}: one clear message`, async ({ page }) => {
      await page.route('**/api/user/login', (route) =>
        answer === 'abort' ? route.abort('internetdisconnected') : route.fulfill(answer),
      );
      const modal = await openAuthModal(page);
      await modal.getByLabel('Email').fill(uniqueEmail());
      await modal.getByLabel('Password').fill('whatever-it-is');
      await modal.getByRole('button', { name: 'Continue with email' }).click();

      await expect(modal.getByRole('alert')).toHaveText(shown);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  }
});
