// The engine's questions on the listing page: a generated listing with a brand and a size too weakly read
// to state (made through the API, then written as the engine would have left it, so no OCR luck is
// involved). The seller says yes to the brand, which leads the title, and no to the size, which stays out;
// the seller's "Used" shows as the condition. Then the page in every language, on a desktop and a phone.
import { type FieldSuggestion, LANGUAGES, type Language } from '@snaplist/contract';
import {
  createInventoryListing,
  type EngineWrittenFields,
  type TestUser,
  writeAsGeneratedInDataDir,
} from '@snaplist/server/testing';
import { expect, shotPath, test } from '../fixtures';
import { E2E_DATA_DIR } from '../playwright.config';

const ZARA: FieldSuggestion = {
  field: 'brand',
  value: 'Zara',
  evidence: [{ source: 'label_text', photo: 1, text: 'ZAR4', rule: 'brand.fuzzy_match', confidence: 0.55 }],
};
const SIZE_M: FieldSuggestion = {
  field: 'size',
  value: 'M',
  evidence: [{ source: 'label_text', photo: 1, text: 'M', rule: 'size.lone_letter', confidence: 0.5 }],
};

const TEXTS: Record<Language, { title: string; description: string }> = {
  en: { title: 'Blue Straight Leg Jeans', description: 'Blue straight leg jeans. Five pockets.' },
  fr: { title: 'Jean droit bleu', description: 'Jean droit bleu. Cinq poches.' },
  de: { title: 'Blaue Jeans mit geradem Bein', description: 'Blaue Jeans mit geradem Bein. Fünf Taschen.' },
  pl: { title: 'Niebieskie jeansy z prostą nogawką', description: 'Niebieskie jeansy. Pięć kieszeni.' },
};

async function listingWithQuestions(
  baseUrl: string,
  seller: TestUser,
  language: Language,
  fields: EngineWrittenFields = {},
): Promise<string> {
  const made = await createInventoryListing(baseUrl, seller, {
    ...TEXTS[language],
    brand: null,
    tags: ['jeans', 'denim'],
  });
  await writeAsGeneratedInDataDir(E2E_DATA_DIR, made.listingId, {
    brand: null,
    size: null,
    condition: null,
    language,
    evidence: { condition: [{ source: 'seller_hint', rule: 'condition.used' }] },
    suggestions: [ZARA, SIZE_M],
    ...fields,
  });
  return made.listingId;
}

test('the seller answers yes to a suggested brand and no to a suggested size', async ({
  signedInPage: page,
  seller,
  appUrl,
}) => {
  const listingId = await listingWithQuestions(appUrl, seller, 'en');
  await page.goto(`/dashboard/listings/${listingId}`);

  const questions = page.getByRole('region', { name: 'Is this right?' });
  const brand = questions.getByRole('group', { name: 'Is this Zara?' });
  await expect(brand).toBeVisible();
  await expect(questions.getByRole('group', { name: 'Is the size M?' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Item details' });
  await expect(
    details.getByRole('term').filter({ hasText: 'Condition' }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText('Used');
  await expect(page.getByRole('region', { name: 'Title' })).toContainText('Blue Straight Leg Jeans');

  await brand.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Brand added: Zara')).toBeVisible();
  await expect(brand).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Title' })).toContainText('Zara Blue Straight Leg Jeans');
  await expect(
    details.getByRole('term').filter({ hasText: 'Brand' }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText('Zara');
  // Focus moves on to the next question, so the keyboard carries on from there.
  const size = questions.getByRole('group', { name: 'Is the size M?' });
  await expect(size.getByRole('button', { name: 'Yes' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(size.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Got it: left out of your listing')).toBeVisible();
  await expect(questions).toHaveCount(0);
  await expect(page.locator('#listing-facts')).toBeFocused();
  await expect(
    details.getByRole('term').filter({ hasText: 'Size' }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText('Not detected');

  // What the page shows is what the server keeps.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Title' })).toContainText('Zara Blue Straight Leg Jeans');
  await expect(page.getByRole('region', { name: 'Is this right?' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('suggestions-answered'), fullPage: true });
});

const QUESTIONS: Record<Language, { brand: string; yes: string; condition: string }> = {
  en: { brand: 'Is this Zara?', yes: 'Yes', condition: 'Used' },
  fr: { brand: 'La marque est-elle Zara ?', yes: 'Oui', condition: 'Occasion' },
  de: { brand: 'Ist das Zara?', yes: 'Ja', condition: 'Gebraucht' },
  pl: { brand: 'Czy to Zara?', yes: 'Tak', condition: 'Używany' },
};

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`the questions in every language fit the page (${viewport.name})`, async ({
    signedInPage: page,
    seller,
    appUrl,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // The language is kept in the app's local storage, which needs a page of the app to write to.
    await page.goto('/dashboard');
    for (const language of LANGUAGES) {
      const listingId = await listingWithQuestions(appUrl, seller, language);
      await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
      await page.goto(`/dashboard/listings/${listingId}`);
      const question = page.getByRole('group', { name: QUESTIONS[language].brand });
      await expect(question.getByRole('button', { name: QUESTIONS[language].yes })).toBeVisible();
      await expect(page.getByText(QUESTIONS[language].condition, { exact: true })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `nothing wider than the ${viewport.name} screen in ${language}`).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: shotPath(`suggestions-${language}-${viewport.name}`), fullPage: true });
    }
  });
}
