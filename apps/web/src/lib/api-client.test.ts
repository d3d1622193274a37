// @vitest-environment jsdom
import { AUTH_TOKEN_STORAGE_KEY, routes } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { ApiError, callApi } from './api-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null });
});

describe('callApi', () => {
  it('posts JSON to /api with the stored bearer token and returns the body', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stored-token');
    const user = {
      email: 'a@b.co',
      isNewUser: false,
      planData: { plan: null, status: null },
      canGenerate: true,
      freeAccess: false,
    };
    const fetchMock = mockFetch(Response.json({ user }));

    const result = await callApi(routes.authCheck, { product: 'crosslister' });

    expect(result.user.email).toBe('a@b.co');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/crosslister');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ product: 'crosslister' }));
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-token');
  });

  it('falls back to the store token when local storage has none', async () => {
    useAuthStore.setState({ token: 'store-token' });
    const fetchMock = mockFetch(Response.json({ ok: true }));
    await callApi(routes.logout);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer store-token');
    expect(init?.body).toBeUndefined();
  });

  it("throws an ApiError with the body's message, code, status and body", async () => {
    const body = { message: 'Incorrect email or password', code: 'invalid_credentials' };
    mockFetch(Response.json(body, { status: 401, statusText: 'Unauthorized' }));

    const error = await callApi(routes.login, { email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Incorrect email or password',
      status: 401,
      code: 'invalid_credentials',
      body,
    });
  });

  it('keeps only codes of the contract, so the app never decides by a code it does not know', async () => {
    mockFetch(Response.json({ message: 'Teapot', code: 'im_a_teapot' }, { status: 418 }));

    const error = await callApi(routes.liveness).catch((e: unknown) => e);

    expect(error).toMatchObject({ message: 'Teapot', status: 418, code: undefined });
  });

  it('uses the status text when the body has no message', async () => {
    mockFetch(new Response('<html>gateway down</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await callApi(routes.liveness).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Bad Gateway',
      status: 502,
      code: undefined,
      body: '<html>gateway down</html>',
    });
  });

  it('exposes validation details', async () => {
    const details = [
      {
        field: 'password',
        code: 'password_too_short',
        message: 'Password must be at least 8 characters',
        params: { min: 8 },
      },
    ];
    mockFetch(
      Response.json({ message: 'Invalid request', code: 'validation_failed', details }, { status: 400 }),
    );

    const error = await callApi(routes.signup, { email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toEqual(details);
  });
});
