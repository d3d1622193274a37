import {
  ACTIVITY_KINDS,
  type ActivityKind,
  LANGUAGES,
  MARKETPLACE_NAMES,
  MARKETPLACES,
} from '@snaplist/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { activityText } from './crosslisting-text';
import { createActivity } from './test-data';

beforeAll(async () => {
  await loadAllTranslations();
});

describe('activityText', () => {
  const t = () => i18n.getFixedT('en');

  it('says the extension listed a copy on Vinted, Depop or Poshmark', () => {
    expect(activityText(createActivity({ kind: 'listed', marketplace: 'vinted' }), t())).toBe(
      'Listed on Vinted from the extension',
    );
    expect(activityText(createActivity({ kind: 'listed', marketplace: 'depop' }), t())).toBe(
      'Listed on Depop from the extension',
    );
  });

  it('asks the seller to end a sold-out copy by hand where no API can', () => {
    expect(activityText(createActivity({ kind: 'end_by_hand', marketplace: 'poshmark' }), t())).toBe(
      'Sold out: end it on Poshmark yourself',
    );
  });

  it('names each of the six marketplaces as the marketplace writes its name', () => {
    for (const marketplace of MARKETPLACES) {
      expect(activityText(createActivity({ kind: 'sold', marketplace }), t())).toBe(
        `Sold on ${MARKETPLACE_NAMES[marketplace]}`,
      );
    }
  });

  it('says "sold elsewhere" for a sale Snaplist did not see where', () => {
    expect(activityText(createActivity({ kind: 'sold', marketplace: null }), t())).toBe('Sold elsewhere');
  });

  it('has its own words for every kind of event in every language, with the marketplace in them', async () => {
    await i18n.loadLanguages([...LANGUAGES]);
    const english = (kind: ActivityKind) =>
      activityText(createActivity({ kind, marketplace: 'vinted' }), t());
    for (const language of LANGUAGES) {
      const translate = i18n.getFixedT(language);
      for (const kind of ACTIVITY_KINDS) {
        const text = activityText(createActivity({ kind, marketplace: 'vinted' }), translate);
        expect(text, `${language} ${kind}`).toContain('Vinted');
        expect(text, `${language} ${kind}`).not.toMatch(/crosslisting\.|\{\{/);
        if (language !== 'en') expect(text, `${language} ${kind}`).not.toBe(english(kind));
      }
    }
    expect(
      activityText(createActivity({ kind: 'end_by_hand', marketplace: 'depop' }), i18n.getFixedT('fr')),
    ).toBe("Épuisé : retirez vous-même l'annonce de Depop");
  });
});
