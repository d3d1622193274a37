// @vitest-environment jsdom
import { type Listing, MAX_PHOTOS, marketplaceVariants, variantAsText } from '@snaplist/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useAlertStore } from '@/stores/alert';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { createGeneratedListing, createUser } from '@/testing/factories';
import { renderRoutes, setUpPageTests, stubResizeObserver } from '@/testing/render-page';
import { ListingEditorPage } from './listing-editor-page';

interface Call {
  method: string;
  url: string;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

/** Answers fetch by `METHOD /path` and records every call. */
function stubApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method, url, body };
      calls.push(call);
      const handler = handlers[`${method} ${url}`];
      if (!handler) return Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
      return handler(call);
    }),
  );
  return calls;
}

const saved =
  (overrides: Partial<Listing> = {}) =>
  () =>
    Response.json(
      createGeneratedListing({ listingId: 'new-1', source: 'inventory', price: 1500, ...overrides }),
      {
        status: 201,
      },
    );

function InventoryPage() {
  const location = useLocation();
  return <p>inventory page {location.search}</p>;
}

function renderEditor(search = '') {
  return renderRoutes(
    [
      { path: '/dashboard/listings/create', element: <ListingEditorPage /> },
      { path: '/dashboard/listings', element: <InventoryPage /> },
    ],
    `/dashboard/listings/create${search}`,
  ).router;
}

const inventoryListing = (overrides: Partial<Listing> = {}) =>
  createGeneratedListing({
    listingId: 'inv-1',
    source: 'inventory',
    sourceListingId: 'listing-1',
    price: 2500,
    sku: 'LEV-501',
    quantity: 2,
    listedOn: { vinted: { url: 'https://www.vinted.co.uk/items/1-levis' } },
    ...overrides,
  });

const photos = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `photo-${index + 1}`,
    url: `/photos/${index + 1}.png`,
    thumbnailUrl: `/photos/${index + 1}-thumb.png`,
    width: 800,
    height: 1000,
  }));

/** A generated listing one photo short of the limit, and uploads that work. */
const oneShortOfFull: Record<string, Handler> = {
  'GET /api/listings/listing-1': () =>
    Response.json(createGeneratedListing({ photos: photos(MAX_PHOTOS - 1) })),
  'POST /api/photos/upload': () => Response.json({ id: 'uploaded-1', url: '/u/1.png' }, { status: 201 }),
};

const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

/** The message a control is described by (aria-describedby), as the user hears it after the label. */
function messageOf(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.classList.contains('field__error'))
    .map((element) => element?.textContent)
    .join(' ');
}

/**
 * dnd-kit finds where a photo goes by where the tiles are, and jsdom lays nothing out: the photo tiles (and
 * what is inside them) stand in one row, 140 px wide, 10 px apart.
 */
function layOutTilesInARow() {
  const size = 140;
  const layout = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const tile = this.closest('[data-photo-key]');
    const tiles = Array.from(document.querySelectorAll('[data-photo-key]'));
    const left = tile ? tiles.indexOf(tile) * (size + 10) : 0;
    const width = tile ? size : 0;
    return DOMRect.fromRect({ x: left, y: 0, width, height: width });
  });
  onTestFinished(() => layout.mockRestore());
}

async function waitForForm() {
  return screen.findByRole('textbox', { name: 'Title' });
}

/** The usual start: the editor opened on the generated listing-1, `handlers` answering the rest, form shown. */
async function openGeneratedListing(handlers: Record<string, Handler> = {}) {
  const calls = stubApi({
    'GET /api/listings/listing-1': () => Response.json(createGeneratedListing()),
    ...handlers,
  });
  const router = renderEditor('?sourceId=listing-1');
  const title = await waitForForm();
  return { calls, router, title };
}

setUpPageTests();

beforeEach(() => {
  stubResizeObserver();
  useAuthStore.setState({ ...initialAuthState(), user: createUser(), isAuthenticated: true });
  useAlertStore.setState({ queue: [] });
});

// Some tests switch the language.
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ListingEditorPage: create from a generated listing', () => {
  it('shows a skeleton, then prefills every field from sourceId and sends sourceId on save', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/listings/listing-1': () => Response.json(createGeneratedListing()),
      'POST /api/listings': saved(),
    });
    const router = renderEditor('?sourceId=listing-1');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create New Listing');
    expect(screen.getByRole('status').textContent).toBe('Loading…');

    const title = await waitForForm();
    expect((title as HTMLInputElement).value).toBe('Levi’s 501 straight jeans, W32 L30, blue');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toContain(
      'Classic Levi’s 501 jeans',
    );
    // The middle of £12.00–£18.00, to a whole pound.
    expect((screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('15.00');
    expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLSelectElement).value).toBe('GBP');
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('Bottoms');
    expect((screen.getByRole('textbox', { name: 'Size' }) as HTMLInputElement).value).toBe('W32 L30');
    expect((screen.getByRole('combobox', { name: 'Primary colour' }) as HTMLSelectElement).value).toBe(
      'Blue',
    );
    expect((screen.getByRole('textbox', { name: 'Brand' }) as HTMLInputElement).value).toBe('Levi’s');
    expect((screen.getByRole('combobox', { name: 'Condition' }) as HTMLSelectElement).value).toBe(
      'Very good',
    );
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('1');
    const tags = screen.getByRole('list', { name: 'Tags: 5 of 10' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['levis', '501', 'denim', 'jeans', 'straight leg']);
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ }).map((img) => img.getAttribute('src'))).toEqual([
      '/photos/1-thumb.png',
      '/photos/2-thumb.png',
    ]);

    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));

    expect(await screen.findByText('inventory page ?tab=inventory')).toBeTruthy();
    expect(await screen.findByText('Listing saved to your inventory')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      sourceId: 'listing-1',
      photos: ['photo-1', 'photo-2'],
      title: 'Levi’s 501 straight jeans, W32 L30, blue',
      price: 1500,
      currency: 'GBP',
      category: 'Bottoms',
      size: 'W32 L30',
      colours: ['Blue'],
      brand: 'Levi’s',
      condition: 'Very good',
      quantity: 1,
      tags: ['levis', '501', 'denim', 'jeans', 'straight leg'],
      listedOn: {},
      cogs: null,
      sku: null,
    });
    // A successful save leaves nothing to ask about.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends money typed with a decimal comma as minor units', async () => {
    const user = userEvent.setup();
    const { calls } = await openGeneratedListing({
      'POST /api/listings': saved(),
    });

    const price = screen.getByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '12,5');
    await user.type(screen.getByRole('textbox', { name: 'Cost of goods' }), '4,05');
    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));

    await screen.findByText('inventory page ?tab=inventory');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ price: 1250, cogs: 405 });
  });

  it('Save & Continue checks step 1 and moves on; on step 2 it saves and keeps editing the new listing', async () => {
    const user = userEvent.setup();
    const { calls, router } = await openGeneratedListing({
      'POST /api/listings': saved(),
      'GET /api/listings/new-1': () =>
        Response.json(createGeneratedListing({ listingId: 'new-1', source: 'inventory', price: 1500 })),
      'PUT /api/listings/new-1': () =>
        Response.json(createGeneratedListing({ listingId: 'new-1', source: 'inventory', price: 1500 })),
    });

    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));
    const stepTwo = await screen.findByRole('heading', { name: 'Marketplace Details' });
    await waitFor(() => expect(document.activeElement).toBe(stepTwo));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Listing' })).toBeTruthy();
    expect(router.state.location.search).toBe('?sourceId=new-1&editing=yes');
    expect(screen.getByRole('heading', { name: 'Marketplace Details' })).toBeTruthy();

    // The next save updates the listing just created; nothing is created twice.
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));
    await screen.findByText('Changes saved');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/listings/new-1');
    expect(put?.body).toMatchObject({ sourceId: null, price: 1500 });
  });

  it("alerts 'Listing not found' and goes back to the list on a 404", async () => {
    stubApi({});
    const router = renderEditor('?sourceId=missing');
    expect(await screen.findByText('inventory page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/listings');
    expect(useAlertStore.getState().queue).toEqual(['Listing not found']);
  });
});

describe('ListingEditorPage: edit an inventory listing', () => {
  it('loads the listing, starts its marketplaces listed, and PUTs the edited price', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/listings/inv-1': () => Response.json(inventoryListing()),
      'PUT /api/listings/inv-1': (call) =>
        Response.json(inventoryListing({ price: (call.body as { price: number }).price })),
    });
    const router = renderEditor('?sourceId=inv-1&editing=yes');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Listing');
    const price = (await screen.findByRole('textbox', { name: 'Price' })) as HTMLInputElement;
    expect(price.value).toBe('25.00');
    expect((screen.getByRole('textbox', { name: 'SKU' }) as HTMLInputElement).value).toBe('LEV-501');
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');

    await user.clear(price);
    await user.type(price, '30');
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    expect((await screen.findByRole('switch', { name: 'Vinted' })).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'eBay' }).getAttribute('aria-checked')).toBe('false');
    const vinted = screen.getByRole('group', { name: 'Already listed on Vinted?' });
    expect((within(vinted).getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Listing URL on Vinted' }) as HTMLInputElement).value).toBe(
      'https://www.vinted.co.uk/items/1-levis',
    );

    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));
    await screen.findByText('inventory page ?tab=inventory');
    expect(router.state.location.search).toBe('?tab=inventory');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/listings/inv-1');
    expect(put?.body).toMatchObject({
      price: 3000,
      sku: 'LEV-501',
      quantity: 2,
      sourceId: null,
      stockStatus: 'inStock',
      listedOn: { vinted: { url: 'https://www.vinted.co.uk/items/1-levis' } },
    });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('ListingEditorPage: validation', () => {
  it('shows every required-field message next to its field and focuses the first one', async () => {
    const user = userEvent.setup();
    const calls = stubApi({});
    renderEditor();
    await waitForForm();

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    const addPhotos = screen.getByRole('button', { name: 'Add photos' });
    // The form's check is asynchronous (react-hook-form awaits its resolver): the focus moving says it is done.
    await waitFor(() => expect(document.activeElement).toBe(addPhotos));
    expect(messageOf(addPhotos)).toBe('Add at least one photo.');
    const expectations: Array<[HTMLElement, string]> = [
      [screen.getByRole('textbox', { name: 'Title' }), 'Enter a title.'],
      [screen.getByRole('textbox', { name: 'Description' }), 'Enter a description.'],
      [screen.getByRole('textbox', { name: 'Price' }), 'Enter a price, like 12.50.'],
      [screen.getByRole('combobox', { name: 'Category' }), 'Choose a category.'],
      [screen.getByRole('combobox', { name: 'Primary colour' }), 'Choose a primary colour.'],
      [screen.getByRole('combobox', { name: 'Condition' }), 'Choose a condition.'],
      [quantity, 'Enter a quantity from 1 to 9999.'],
    ];
    for (const [control, message] of expectations) {
      expect(control.getAttribute('aria-invalid'), message).toBe('true');
      expect(messageOf(control)).toBe(message);
    }
    // Fields without a problem are not marked.
    expect(screen.getByRole('textbox', { name: 'Brand' }).getAttribute('aria-invalid')).toBe('false');
    // Still on step 1, nothing sent.
    expect(screen.getByRole('heading', { name: 'Inventory Details' })).toBeTruthy();
    expect(calls).toEqual([]);

    // Typing in a field clears its message.
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Wool coat');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('false'),
    );
    expect(screen.queryByText('Enter a title.')).toBeNull();
  });

  it('checks formats: price, cost of goods, barcode, title length and a size once there is a category', async () => {
    const user = userEvent.setup();
    const { calls } = await openGeneratedListing();

    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(title);
    await user.paste('x'.repeat(141));
    const price = screen.getByRole('textbox', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '12.345');
    await user.type(screen.getByRole('textbox', { name: 'Cost of goods' }), 'free');
    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), '123 456!');
    await user.clear(screen.getByRole('textbox', { name: 'Size' }));
    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));

    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(messageOf(title)).toBe('Keep the title to 140 characters or fewer.');
    expect(messageOf(price)).toBe('Enter a price between 0.01 and 1000000.');
    expect(messageOf(screen.getByRole('textbox', { name: 'Cost of goods' }))).toBe(
      'Enter a cost of goods of 0 or more, like 4.00.',
    );
    expect(messageOf(screen.getByRole('textbox', { name: 'Barcode' }))).toBe(
      'Use only letters, digits and hyphens in the barcode (at most 48).',
    );
    expect(messageOf(screen.getByRole('textbox', { name: 'Size' }))).toBe('Enter a size.');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('hides Size until a category is chosen', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderEditor();
    await waitForForm();

    expect(screen.queryByRole('textbox', { name: 'Size' })).toBeNull();
    expect(screen.getByText('Choose a category first, then enter the size.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Outerwear');
    expect(screen.getByRole('textbox', { name: 'Size' })).toBeTruthy();
  });

  it('offers at most two different colours', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderEditor();
    await waitForForm();

    const second = screen.getByRole('combobox', { name: 'Second colour (optional)' }) as HTMLSelectElement;
    expect(second.disabled).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Primary colour' }), 'Navy');
    expect(second.disabled).toBe(false);
    expect(within(second).queryByRole('option', { name: 'Navy' })).toBeNull();
    await user.selectOptions(second, 'White');
    // Choosing the second colour as primary drops it from second place.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Primary colour' }), 'White');
    expect(second.value).toBe('');
  });

  it("maps the server's validation details to fields, in the seller's language", async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('fr');
    stubApi({
      'GET /api/listings/listing-1': () => Response.json(createGeneratedListing()),
      'POST /api/listings': () =>
        Response.json(
          {
            code: 'validation_failed',
            message: 'Enter a title.',
            details: [
              { field: 'title', code: 'title_required', message: 'Enter a title.' },
              { field: 'photos.1', code: 'photo_unavailable', message: 'A photo is no longer available.' },
              { field: '', code: 'body_not_object', message: 'The request body must be a JSON object.' },
            ],
          },
          { status: 400 },
        ),
    });
    renderEditor('?sourceId=listing-1');
    const title = await screen.findByRole('textbox', { name: 'Titre' });

    await user.click(screen.getByRole('button', { name: 'Publier sur les plateformes' }));

    await waitFor(() => expect(messageOf(title)).toBe('Saisissez un titre.'));
    expect(messageOf(screen.getByRole('button', { name: 'Ajouter des photos' }))).toBe(
      'Une photo n’est plus disponible. Retirez-la, puis ajoutez-la de nouveau.',
    );
    // Translated by its code like the others, though no field of the form shows it.
    expect(screen.getByRole('alert').textContent).toBe('Le corps de la requête doit être un objet JSON.');
    // Photos come first in the form: the focus goes there.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ajouter des photos' })),
    );
  });
});

describe('ListingEditorPage: photos', () => {
  it("alerts 'Maximum 24 photos allowed', names the files past the limit, and stops offering Add photos", async () => {
    const user = userEvent.setup();
    const { calls } = await openGeneratedListing(oneShortOfFull);
    expect(screen.queryByText(/You have added the maximum/)).toBeNull();

    await user.upload(screen.getByTestId('listing-editor-photo-input'), [
      jpeg('a.jpg'),
      jpeg('b.jpg'),
      jpeg('c.jpg'),
    ]);

    expect(useAlertStore.getState().queue).toEqual(['Maximum 24 photos allowed']);
    expect(screen.getByText('A listing can have at most 24 photos. Not added: b.jpg, c.jpg')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Photo \d+$/ })).toHaveLength(MAX_PHOTOS);
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/photos/upload')).toHaveLength(1));
    const form = calls.find((call) => call.url === '/api/photos/upload')?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('photo')).toMatchObject({ name: 'a.jpg' });

    // At the limit there is nothing to pick with: the field says so instead.
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
    expect(screen.queryByTestId('listing-editor-photo-input')).toBeNull();
    const fullNote = screen.getByText('You have added the maximum of 24 photos. Remove one to add another.');
    expect(document.activeElement).toBe(fullNote);

    await user.click(screen.getByRole('button', { name: 'Remove photo 24' }));
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeTruthy();
    expect(screen.queryByText(/You have added the maximum/)).toBeNull();
  });

  it('adds pasted photos, and refuses pasted or dropped ones past the limit with a message', async () => {
    const { calls } = await openGeneratedListing(oneShortOfFull);
    const uploads = () => calls.filter((call) => call.url === '/api/photos/upload');

    fireEvent.paste(screen.getByRole('group', { name: 'Photos' }), {
      clipboardData: { files: [jpeg('pasted.jpg'), jpeg('pasted-too.jpg')] },
    });

    await waitFor(() => expect(uploads()).toHaveLength(1));
    const pasted = uploads()[0]?.body;
    expect(pasted).toBeInstanceOf(FormData);
    expect((pasted as FormData).get('photo')).toMatchObject({ name: 'pasted.jpg' });
    expect(screen.getAllByRole('img', { name: /^Photo \d+$/ })).toHaveLength(MAX_PHOTOS);
    expect(screen.getByText('A listing can have at most 24 photos. Not added: pasted-too.jpg')).toBeTruthy();

    // Full: a photo dropped from the computer is refused whole, with the alert and the message.
    fireEvent.drop(screen.getByRole('list', { name: 'Photos' }), {
      dataTransfer: { files: [jpeg('dropped.jpg')] },
    });

    expect(screen.getByText('A listing can have at most 24 photos. Not added: dropped.jpg')).toBeTruthy();
    expect(useAlertStore.getState().queue).toEqual([
      'Maximum 24 photos allowed',
      'Maximum 24 photos allowed',
    ]);
    expect(screen.getAllByRole('img', { name: /^Photo \d+$/ })).toHaveLength(MAX_PHOTOS);
    expect(uploads()).toHaveLength(1);
  });

  it("says the photo limit is reached in the seller's language", async () => {
    await i18n.changeLanguage('de');
    stubApi({
      'GET /api/listings/listing-1': () =>
        Response.json(createGeneratedListing({ photos: photos(MAX_PHOTOS) })),
    });
    renderEditor('?sourceId=listing-1');
    await screen.findByRole('textbox', { name: 'Titel' });

    expect(screen.queryByRole('button', { name: 'Fotos hinzufügen' })).toBeNull();
    const fullNote = screen.getByText(
      'Du hast die maximale Anzahl von 24 Fotos erreicht. Entferne eines, um ein anderes hinzuzufügen.',
    );
    // Opened full: the note does not take the focus from the page.
    expect(document.activeElement).not.toBe(fullNote);
  });

  it('uploads each photo with its own busy state and error, and saves them in the order chosen', async () => {
    const user = userEvent.setup();
    const pending: Array<(response: Response) => void> = [];
    const { calls } = await openGeneratedListing({
      'POST /api/photos/upload': () => new Promise<Response>((resolve) => pending.push(resolve)),
      'POST /api/listings': saved(),
    });

    await user.upload(screen.getByTestId('listing-editor-photo-input'), [
      jpeg('front.jpg'),
      jpeg('label.jpg'),
    ]);
    expect(screen.getAllByText('Uploading…')).toHaveLength(2);

    // Saving while photos are still on their way is refused next to the photos.
    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));
    await waitFor(() =>
      expect(messageOf(screen.getByRole('button', { name: 'Add photos' }))).toBe(
        'Wait until every photo has finished uploading.',
      ),
    );

    await act(async () => {
      pending[0]?.(Response.json({ id: 'up-front', url: '/u/front.png' }, { status: 201 }));
      pending[1]?.(
        Response.json(
          { code: 'photo_unreadable', message: 'The photo could not be read as an image.' },
          { status: 400 },
        ),
      );
    });
    const failure = await screen.findByText(/label\.jpg did not upload:/);
    expect(failure.textContent).toContain('could not be read as an image');
    expect(screen.queryAllByText('Uploading…')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove photo 4' }));
    expect(screen.queryByText(/label\.jpg did not upload/)).toBeNull();

    // Reorder: the uploaded photo to the front with the move buttons, then photo 2 after photo 3 by dragging
    // its handle with the keyboard (Space picks it up, an arrow moves it, Space drops it).
    const moveLeft = screen.getByRole('button', { name: 'Move photo 3 left' });
    moveLeft.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 left' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Photo moved to position 1 of 3.')).toBeTruthy();
    layOutTilesInARow();
    screen.getByRole('button', { name: 'Drag photo 2 to reorder' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Picked up photo 2.')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Over position 3 of 3.')).toBeTruthy();
    await user.keyboard(' ');
    expect(await screen.findByText('Photo moved to position 3 of 3.')).toBeTruthy();
    const sources = screen.getAllByRole('img', { name: /^Photo \d$/ }).map((img) => img.getAttribute('src'));
    expect(sources.slice(1)).toEqual(['/photos/2-thumb.png', '/photos/1-thumb.png']);

    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));
    await screen.findByText('inventory page ?tab=inventory');
    expect(calls.find((call) => call.url === '/api/listings')?.body).toMatchObject({
      photos: ['up-front', 'photo-2', 'photo-1'],
    });
  });
});

describe('ListingEditorPage: tags', () => {
  it('adds tags with Enter or a comma, removes them, and hides the add control at 10', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderEditor();
    await waitForForm();

    const input = screen.getByRole('textbox', { name: 'Tags' });
    await user.type(input, 'denim{Enter}');
    await user.type(input, 'jeans,501,');
    expect(within(screen.getByRole('list', { name: 'Tags: 3 of 10' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
    await user.type(input, 'Denim{Enter}');
    expect(messageOf(input)).toBe('That tag is already added.');

    await user.type(input, 'a,b,c,d,e,f,g{Enter}');
    expect(screen.getByRole('list', { name: 'Tags: 10 of 10' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add tag' })).toBeNull();
    expect(
      screen.getByText('You have added the maximum of 10 tags. Remove one to add another.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove tag 501' }));
    expect(screen.getByRole('list', { name: 'Tags: 9 of 10' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tags' }));
    expect(screen.getByRole('button', { name: 'Add tag' })).toBeTruthy();
  });
});

describe('ListingEditorPage: marketplaces', () => {
  it("checks an 'Already listed' URL against that marketplace's own site", async () => {
    const user = userEvent.setup();
    const { calls } = await openGeneratedListing({
      'POST /api/listings': saved(),
    });
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    await user.click(await screen.findByRole('switch', { name: 'Vinted' }));
    const vinted = screen.getByRole('group', { name: 'Already listed on Vinted?' });
    await user.click(within(vinted).getByRole('radio', { name: 'Yes' }));
    const url = screen.getByRole('textbox', { name: 'Listing URL on Vinted' });
    await user.type(url, 'https://www.ebay.co.uk/itm/123');
    await user.tab();
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(url)).toBe('Enter the address of this listing on the marketplace’s own site.');

    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(url);
    await user.type(url, 'https://www.vinted.co.uk/items/123-levis');
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('false'));
    await user.click(screen.getByRole('button', { name: 'List on Marketplaces' }));
    await screen.findByText('inventory page ?tab=inventory');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      listedOn: { vinted: { url: 'https://www.vinted.co.uk/items/123-levis' } },
    });
  });

  it("'List on eBay' opens eBay's new-listing page and copies eBay's version of the text", async () => {
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn(async (text: string) => void copied.push(text)) },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { title } = await openGeneratedListing();
    await user.clear(title);
    await user.type(
      title,
      'Levi’s 501 jeans W32 L30 mid blue straight leg button fly classic denim trousers',
    );
    await user.click(screen.getByRole('button', { name: /Save & Continue/ }));

    await user.click(await screen.findByRole('switch', { name: 'eBay' }));
    const ebay = screen.getByRole('group', { name: 'Already listed on eBay?' });
    expect((within(ebay).getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'List on eBay' }));

    expect(open).toHaveBeenCalledWith('https://www.ebay.co.uk/sl/sell', '_blank', 'noopener');
    const listing = createGeneratedListing();
    const expected = variantAsText(
      marketplaceVariants({
        title: 'Levi’s 501 jeans W32 L30 mid blue straight leg button fly classic denim trousers',
        description: listing.description,
        tags: ['levis', '501', 'denim', 'jeans', 'straight leg'],
      }).ebay,
      'ebay',
    );
    expect(copied).toEqual([expected]);
    // eBay's 80-character title limit: the copied title is cut at a word, not the typed one.
    expect(copied[0]?.split('\n')[0]?.length).toBeLessThanOrEqual(80);
    expect(copied[0]).toContain('levis, 501, denim, jeans, straight leg');
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
  });
});

describe('ListingEditorPage: unsaved changes', () => {
  it('asks before leaving with unsaved changes: Stay keeps the form, Leave goes', async () => {
    const user = userEvent.setup();
    const { router, title } = await openGeneratedListing();

    // Unchanged: the tab closes without a prompt.
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);

    await user.type(title, ' (mint)');
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to listings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/listings/create');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toContain('(mint)');

    await user.click(screen.getByRole('link', { name: 'Back to listings' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(await screen.findByText('inventory page')).toBeTruthy();
  });

  it('leaves without asking when nothing changed', async () => {
    const user = userEvent.setup();
    await openGeneratedListing();
    await user.click(screen.getByRole('link', { name: 'Back to listings' }));
    expect(await screen.findByText('inventory page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
