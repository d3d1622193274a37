// /dashboard/listings/create (the spec's "Create or edit listing"). Without parameters a blank form;
// ?sourceId=<id> prefills it from that listing (a generated one: the new listing is made from it, photos
// included); ?sourceId=<id>&editing=yes edits that inventory listing. Crosslisting may lend step 2 the
// marketplaces Snaplist publishes to (publishing-slot.ts).
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/errors';
import { isNotFound, useListing } from '@/lib/listing-query';
import { paths } from '@/lib/paths';
import { showAlert } from '@/stores/alert';
import type { EditorPublishingSlot } from '../publishing-slot';
import { EditorSkeleton } from './editor-skeleton';
import { type EditorMode, isEditorLocationState, ListingForm } from './listing-form';
import './listing-editor.css';

interface ListingEditorPageProps {
  /** Publishing from step 2 to the seller's connected marketplaces, when the route table lends it. */
  Publishing?: EditorPublishingSlot;
}

export function ListingEditorPage({ Publishing }: ListingEditorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const sourceId = searchParams.get('sourceId') ?? '';
  const wantsEdit = searchParams.get('editing') === 'yes' && sourceId !== '';
  const query = useListing(sourceId, { enabled: sourceId !== '' });
  const source = sourceId !== '' ? query.data : undefined;

  // 'Listing not found', then back to the list. Once per error, even under StrictMode.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!query.error || reported.current === query.error || !isNotFound(query.error)) return;
    reported.current = query.error;
    showAlert(t('listing_editor.not_found'));
    void navigate(paths.dashboard.listings, { replace: true });
  }, [query.error, navigate, t]);

  // Only an inventory listing is edited in place; a generated one is always the source of a new listing.
  const editing = wantsEdit && (source ? source.source === 'inventory' : true);
  const mode: EditorMode | null =
    sourceId === ''
      ? { kind: 'create', sourceId: null }
      : !source
        ? null
        : editing
          ? { kind: 'edit', listingId: source.listingId, stockStatus: source.stockStatus }
          : { kind: 'create', sourceId: source.listingId };
  const carried = isEditorLocationState(location.state) ? location.state : null;

  return (
    <div className="page listing-editor">
      <Link
        to={editing ? `${paths.dashboard.listings}?tab=inventory` : paths.dashboard.listings}
        className="back-link"
      >
        <ArrowLeft size={18} aria-hidden="true" />
        {t('listing_editor.back')}
      </Link>
      <header className="page__header">
        <h1 className="page__title">
          {editing ? t('listing_editor.title_edit') : t('listing_editor.title_create')}
        </h1>
      </header>
      {mode ? (
        Publishing ? (
          <Publishing listingId={mode.kind === 'edit' ? mode.listingId : null}>
            {(publishing) => (
              <ListingForm
                key={`${mode.kind}:${sourceId}`}
                source={source ?? null}
                mode={mode}
                carried={carried}
                publishing={publishing}
              />
            )}
          </Publishing>
        ) : (
          <ListingForm
            key={`${mode.kind}:${sourceId}`}
            source={source ?? null}
            mode={mode}
            carried={carried}
          />
        )
      ) : query.error && !isNotFound(query.error) ? (
        <section className="card listing-editor__error" role="alert">
          <h2 className="card__title">{t('listing_editor.load_failed')}</h2>
          <p>{errorText(query.error, t)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('listing_editor.try_again')}
          </Button>
        </section>
      ) : (
        <EditorSkeleton />
      )}
    </div>
  );
}
