import { routes } from '@snaplist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '@/lib/api-client';
import { apiError, stubApi } from './api-stub';
import { plansResponse } from './plans';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stubApi', () => {
  it("answers a route's handler with its success status, and records the request typed by route", async () => {
    const api = stubApi({
      deleteListing: ({ params }) => ({ deletedIds: [params.id ?? ''] }),
      createListing: ({ body }) => Response.json({ title: body.title }, { status: 299 }),
    });

    const deleted = await fetch('/api/listings/a%2F1', {
      method: 'DELETE',
      headers: { Authorization: 'Bearer t' },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deletedIds: ['a/1'] });
    const created = await fetch('/api/listings', { method: 'POST', body: JSON.stringify({ title: 'Coat' }) });
    expect(created.status).toBe(299);

    expect(api.requests.map((request) => request.route)).toEqual(['deleteListing', 'createListing']);
    expect(api.requestsTo('deleteListing')[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/listings/a%2F1',
      params: { id: 'a/1' },
      body: undefined,
    });
    expect(api.requestsTo('deleteListing')[0]?.headers.get('authorization')).toBe('Bearer t');
    expect(api.requestsTo('createListing')[0]?.body).toEqual({ title: 'Coat' });
  });

  it("tells routes apart by method and path, and sends a route's fixed body with its status", async () => {
    const api = stubApi({
      getListing: () => apiError(404, { code: 'not_found', message: 'Listing not found' }),
      deleteListings: { deletedIds: ['x'] },
      createGeneration: { id: 'gen-1', presignedUrls: [], expiresAt: '2030-01-01T00:00:00.000Z' },
    });

    await expect(callApi(routes.getListing, undefined, { params: { id: 'x' } })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await callApi(routes.deleteListings, { ids: ['x'] })).toEqual({ deletedIds: ['x'] });
    expect((await fetch('/api/listing', { method: 'POST', body: '{}' })).status).toBe(201);
    expect(api.requests.map((request) => request.route)).toEqual([
      'getListing',
      'deleteListings',
      'createGeneration',
    ]);
  });

  it('reads the query string, and leaves URLs outside the route table to `elsewhere`', async () => {
    const api = stubApi(
      { exportListings: ({ query }) => new Response(`tab ${query.get('type')}`) },
      {
        elsewhere: (url, init) =>
          url.startsWith('/api/storage/') ? new Response(`${init?.method} ${url}`) : undefined,
      },
    );
    expect(await (await fetch('/api/crosslister/listings/export?type=inventory')).text()).toBe(
      'tab inventory',
    );
    expect(await (await fetch('/api/storage/uploads/a?sig=1', { method: 'PUT' })).text()).toBe(
      'PUT /api/storage/uploads/a?sig=1',
    );
    expect(api.requests.map(({ route, url }) => [route, url])).toEqual([
      ['exportListings', '/api/crosslister/listings/export?type=inventory'],
      [null, '/api/storage/uploads/a?sig=1'],
    ]);
  });

  it('passes a handler that throws on as a failed fetch, as a dropped connection does', async () => {
    stubApi({
      plans: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(fetch('/api/plans')).rejects.toThrow('Failed to fetch');
  });

  it.fails('fails the test that sent a request nobody stubbed, even when the page swallowed it', async () => {
    stubApi({ plans: plansResponse() });
    const refused = await fetch('/api/checkout', { method: 'POST', body: '{}' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TypeError);
  });

  it.fails('fails the test that sent a request to no route at all', async () => {
    stubApi({});
    await fetch('/photos/1.png').catch(() => undefined);
  });

  it.fails('fails the test whose `elsewhere` did not expect the URL', async () => {
    stubApi({}, { elsewhere: (url) => (url.startsWith('/api/storage/') ? new Response() : undefined) });
    await fetch('/photos/1.png').catch(() => undefined);
  });
});
