// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@/testing/api-stub';
import { deferred } from '@/testing/deferred';
import { catchDownloads } from '@/testing/downloads';
import { setUpPageTests } from '@/testing/render-page';
import { renderSettings, SIGNED_IN_TOKEN, settingsSection } from '../render-settings';

setUpPageTests();

describe('Export my data', () => {
  it('downloads the zip with the bearer token under the server’s file name, with a spinner meanwhile', async () => {
    const user = userEvent.setup();
    const { saved, blobs } = catchDownloads('blob:export');
    const answer = deferred<Response>();
    const api = stubApi({ exportAccount: () => answer.promise });
    renderSettings();
    const card = settingsSection('Your data');

    await user.click(within(card).getByRole('button', { name: 'Export my data' }));

    const running = await within(card).findByRole('button', { name: 'Preparing your export…' });
    expect(running.getAttribute('aria-disabled')).toBe('true');
    expect(running.querySelector('.spinner')).toBeTruthy();
    answer.resolve(
      new Response('PK-zip-bytes', {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="snaplist-maya-2025-01-01.zip"',
        },
      }),
    );

    expect(await screen.findByText('Downloaded snaplist-maya-2025-01-01.zip')).toBeTruthy();
    expect(saved).toEqual([{ name: 'snaplist-maya-2025-01-01.zip', href: 'blob:export' }]);
    expect(await blobs[0]?.text()).toBe('PK-zip-bytes');
    const [request] = api.requestsTo('exportAccount');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${SIGNED_IN_TOKEN}`);
    expect(request?.headers.get('Accept')).toBe('application/zip');
    expect(within(card).getByRole('button', { name: 'Export my data' })).toBeTruthy();
  });

  it('says in a toast, translated, why the export failed, and saves nothing', async () => {
    const user = userEvent.setup();
    const { saved } = catchDownloads('blob:export');
    stubApi({ exportAccount: () => apiError(429, { code: 'rate_limited', message: 'Too many.' }) });
    renderSettings();

    await user.click(screen.getByRole('button', { name: 'Export my data' }));

    expect(
      await screen.findByText(
        "We couldn't prepare your export. Too many attempts. Please wait a few minutes and try again.",
      ),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
