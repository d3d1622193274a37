// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setUpPageTests } from '@/testing/render-page';
import { EvidenceNote } from './evidence-note';

setUpPageTests();

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const priceAndSettings = [
  { source: 'price_table' as const, rule: 'price.dresses.unknown.used.cashmere' },
  { source: 'seller_hint' as const, rule: 'description.fit', text: 'true to size' },
  { source: 'seller_hint' as const, rule: 'description.shipping_days', text: '3' },
  { source: 'template' as const, rule: 'description.pl' },
  { source: 'template' as const, rule: 'title.pl' },
];

describe('EvidenceNote', () => {
  it('shows the first reason and folds the others, each once', () => {
    render(<EvidenceNote evidence={priceAndSettings} />);
    expect(
      screen.getByText(
        'From our price table: Dresses, brand not on our list, pre-owned, cashmere (raises the price)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Why? Show 3 more')).toBeTruthy();
    expect(screen.getAllByText('From our listing template')).toHaveLength(1);
  });

  it('says every reason in the page language, with no English rule or setting left', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const { container } = render(<EvidenceNote evidence={priceAndSettings} />);
    const text = container.textContent ?? '';
    expect(text).toContain('Z naszej tabeli cen: Sukienki, marka spoza naszej listy, używany, kaszmir');
    expect(text).toContain('Twoje ustawienie: rozmiar zgodny z rozmiarówką');
    expect(text).toContain('Twoje ustawienie: wysyłka w ciągu 3 dni');
    expect(text).not.toMatch(/true to size|price\.|brand|description\.|template/);
  });

  it('shows nothing without evidence', () => {
    const { container } = render(<EvidenceNote evidence={[]} />);
    expect(container.textContent).toBe('');
  });
});
