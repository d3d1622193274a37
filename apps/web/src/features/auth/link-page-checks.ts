// What the pages opened from an e-mailed link (confirm-email, confirm-link) are checked for alike: a link
// without its token does nothing, and a refusal for now leaves the button for another try.
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ApiStub } from '@/testing/api-stub';

/** The page says the link does not work, and sent nothing. */
export async function expectLinkRefusedUnsent(api: ApiStub) {
  expect(await screen.findByRole('heading', { name: "This link doesn't work" })).toBeTruthy();
  expect(api.fetch).not.toHaveBeenCalled();
}

/** Presses the page's button: the alert says `message`, and the button stays for another try. */
export async function expectRefusalKeepsButton(
  user: ReturnType<typeof userEvent.setup>,
  button: string,
  message: string,
) {
  await user.click(await screen.findByRole('button', { name: button }));
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  expect(screen.getByRole('button', { name: button })).toBeTruthy();
}
