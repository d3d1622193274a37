// /dashboard/listings/:itemId: the generated listing, ready to copy:
// photos, title, price, description, tags, the item's details with where each came from, and one version
// per marketplace. The listing comes from the active listing store right after a generation, else the API.
// The route table gives an inventory listing its publish panel (another feature's), shown above the versions.
import type { Listing } from '@snaplist/contract';
import { ArrowLeft, Hash, Pencil, Sparkles, Store } from 'lucide-react';
import { type ComponentType, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ListedOnLinks } from '@/components/listed-on-links';
import { Button, buttonClass } from '@/components/ui/button';
import { errorText } from '@/lib/errors';
import { formatMinorUnits, formatPriceRange } from '@/lib/format';
import { isNotFound, useListing } from '@/lib/listing-query';
import { paths } from '@/lib/paths';
import { guardCreateListing } from '@/lib/paywall';
import { useActiveListingStore } from '@/stores/active-listing';
import { showAlert } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';
import { openOnboardingIfDue } from '@/stores/onboarding';
import { emptyFieldText } from '../empty-field-text';
import { engineCaption } from '../evidence';
import { splitSentences, toHashtags } from '../listing-text';
import { useCopy } from './copy-button';
import { FieldCard } from './field-card';
import { ListingDetailsSkeleton } from './listing-details-skeleton';
import { ListingFacts } from './listing-facts';
import { MarketplaceVariants } from './marketplace-variants';
import { PhotoGallery } from './photo-gallery';
import { SuggestionQuestions } from './suggestion-questions';
import './listing-details.css';

interface ListingDetailsPageProps {
  /** Publishing an inventory listing to the marketplaces, with its status. */
  PublishPanel?: ComponentType<{ listing: Listing }>;
}

export function ListingDetailsPage({ PublishPanel }: ListingDetailsPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { itemId = '' } = useParams();
  const active = useActiveListingStore((state) => state.data);
  const fromStore = active?.listingId === itemId ? active : undefined;
  const query = useListing(itemId, { enabled: !fromStore && itemId !== '' });
  const listing = fromStore ?? query.data;

  // 'Listing not found', then back to the list. Once per error, even under StrictMode.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!query.error || reported.current === query.error) return;
    reported.current = query.error;
    if (isNotFound(query.error)) {
      showAlert(t('listing_details.not_found'));
      void navigate(paths.dashboard.listings, { replace: true });
    }
  }, [query.error, navigate, t]);

  useGeneratedListingOnboarding(listing !== undefined);

  return (
    <div className="page listing-details">
      <Link to={paths.dashboard.listings} className="back-link">
        <ArrowLeft size={18} aria-hidden="true" />
        {t('listing_details.back')}
      </Link>
      {listing ? (
        <LoadedListing listing={listing} PublishPanel={PublishPanel} />
      ) : query.error && !isNotFound(query.error) ? (
        <section className="card listing-details__error" role="alert">
          <h1 className="card__title">{t('listing_details.load_failed')}</h1>
          <p>{errorText(query.error, t)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('listing_details.try_again')}
          </Button>
        </section>
      ) : (
        <>
          <h1 className="visually-hidden">{t('listing_details.title')}</h1>
          <ListingDetailsSkeleton />
        </>
      )}
    </div>
  );
}

/** A new user who has not seen onboarding gets it, for context generatedListing (decision 022). */
function useGeneratedListingOnboarding(ready: boolean) {
  const user = useAuthStore((state) => state.user);
  useEffect(() => {
    if (ready) openOnboardingIfDue(user, 'generatedListing');
  }, [ready, user]);
}

function LoadedListing({ listing, PublishPanel }: { listing: Listing } & ListingDetailsPageProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  const { tags } = listing;
  const price = listing.suggestedPriceRange ? formatPriceRange(listing.suggestedPriceRange) : null;
  // An inventory listing has the seller's own asking price; the suggested range stays beside it.
  const askingPrice = listing.price !== null ? formatMinorUnits(listing.price, listing.currency) : null;
  const isInventory = listing.source === 'inventory';
  const sentences = splitSentences(listing.description);

  return (
    <>
      <header className="listing-details__header">
        <div className="page__header">
          <h1 className="page__title">{t('listing_details.title')}</h1>
          <p className="listing-details__engine">
            <Sparkles size={16} aria-hidden="true" />
            {engineCaption(listing, t)}
          </p>
        </div>
        <div className="listing-details__actions">
          {isInventory ? (
            <Link
              to={`${paths.dashboard.createListing}?sourceId=${encodeURIComponent(listing.listingId)}&editing=yes`}
              className={buttonClass('primary', 'md')}
            >
              <Pencil size={18} aria-hidden="true" />
              {t('listing_details.edit')}
            </Link>
          ) : (
            <Link
              to={`${paths.dashboard.createListing}?sourceId=${encodeURIComponent(listing.listingId)}`}
              className={buttonClass('primary', 'md')}
              onClick={guardCreateListing}
            >
              <Store size={18} aria-hidden="true" />
              {t('listing_details.list_on_marketplace')}
            </Link>
          )}
          <Link to={paths.photoUpload} className={buttonClass('secondary', 'md')}>
            <Sparkles size={18} aria-hidden="true" />
            {t('listing_details.generate_another')}
          </Link>
        </div>
      </header>

      <div className="listing-details__layout">
        <div className="listing-details__media">
          <section className="card" aria-label={t('listing_details.photos')}>
            <PhotoGallery photos={listing.photos} title={listing.title} />
          </section>
        </div>

        <div className="listing-details__fields">
          <SuggestionQuestions listing={listing} />

          <FieldCard
            id="field-title"
            title={t('listing_details.title_label')}
            evidence={listing.evidence.title}
            copy={{ text: listing.title, label: t('listing_details.copy_title') }}
          >
            <p className="listing-details__title">
              {listing.title || emptyFieldText(listing, 'generated', t)}
            </p>
          </FieldCard>

          {askingPrice ? (
            <FieldCard
              id="field-price"
              title={t('listing_details.asking_price')}
              copy={{ text: askingPrice, label: t('listing_details.copy_asking_price') }}
            >
              <p className="listing-details__price">{askingPrice}</p>
              {price && <p className="muted">{t('listing_details.suggested_range', { range: price })}</p>}
            </FieldCard>
          ) : (
            <FieldCard
              id="field-price"
              title={t('listing_details.price_label')}
              evidence={listing.evidence.price}
              copy={{ text: price, label: t('listing_details.copy_price') }}
            >
              <p className="listing-details__price">{price ?? t('listing_details.no_price')}</p>
            </FieldCard>
          )}

          <FieldCard
            id="field-description"
            title={t('listing_details.description_label')}
            evidence={listing.evidence.description}
            copy={{ text: listing.description, label: t('listing_details.copy_description') }}
          >
            {sentences.length > 0 ? (
              <div className="listing-details__description">
                {sentences.map((sentence, index) => (
                  // Sentences can repeat; their position is their identity here.
                  // biome-ignore lint/suspicious/noArrayIndexKey: static text split once per render
                  <p key={index}>{sentence}</p>
                ))}
              </div>
            ) : (
              <p className="muted">{emptyFieldText(listing, 'generated', t)}</p>
            )}
          </FieldCard>

          <FieldCard
            id="field-tags"
            title={t('listing_details.tags_label')}
            evidence={listing.evidence.tags}
            actions={
              tags.length > 0 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void copy(toHashtags(tags), t('listing_details.tags_copied'))}
                >
                  <Hash size={16} aria-hidden="true" />
                  {t('listing_details.copy_hashtags')}
                </Button>
              ) : null
            }
          >
            {tags.length > 0 ? (
              <ul className="chips" aria-label={t('listing_details.tags_hint')}>
                {tags.map((tag) => (
                  <li key={tag}>
                    <button
                      type="button"
                      className="chip"
                      onClick={() => void copy(tag, t('listing_details.tag_copied', { tag }))}
                      aria-label={t('listing_details.copy_tag', { tag })}
                    >
                      {tag}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{emptyFieldText(listing, 'generated', t)}</p>
            )}
          </FieldCard>

          <ListingFacts listing={listing} />
          {isInventory && (
            <FieldCard id="listing-listed-on" title={t('listing_details.listed_on')}>
              <ListedOnLinks listedOn={listing.listedOn} />
            </FieldCard>
          )}
        </div>
      </div>

      {isInventory && PublishPanel && <PublishPanel listing={listing} />}
      <MarketplaceVariants variants={listing.variants} />
    </>
  );
}
