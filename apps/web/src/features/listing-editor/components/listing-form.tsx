// The listing form (SPEC "Create or edit listing"): Step 1 Inventory Details, Step 2 Marketplace Details.
// Save & Continue checks step 1 and moves on; on step 2 it saves and stays, so the seller can keep listing
// the item on one marketplace after another. List on Marketplaces saves from either step and goes to the
// inventory. Where "Publish with Snaplist" is ticked for a connected marketplace (publishing-slot.ts), either
// save then publishes there and goes to the listing page, whose panel follows each copy; a refused publish
// keeps the seller on step 2 with what each marketplace lacks. The values live in react-hook-form, checked by
// the contract's schema (editor-form.ts); saving and the cache are api/save-listing.ts's. The active listing
// store is not touched: half-typed prices and photos still uploading must not leak onto the details page.
import {
  type FieldIssue,
  isPublishingMarketplace,
  type Listing,
  MARKETPLACE_NAMES,
  MARKETPLACES,
  type PublishingMarketplace,
  type StockStatus,
  type ValidListingInput,
} from '@snaplist/contract';
import { ArrowLeft, ArrowRight, Store } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { type FieldErrors, FormProvider, useController, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText, issueText } from '@/lib/errors';
import { isNotFound } from '@/lib/listing-query';
import { paths } from '@/lib/paths';
import { openPaywallFor } from '@/lib/paywall';
import { showAlert } from '@/stores/alert';
import { useSaveListing } from '../api/save-listing';
import {
  type EditorPhoto,
  type EditorStep,
  type EditorValues,
  emptyValues,
  FIELD_ORDER,
  type FieldName,
  fieldError,
  fieldId,
  firstInvalidField,
  type InputContext,
  issueError,
  listingResolver,
  type MarketplaceSelections,
  marketplacesToPublish,
  placeServerIssues,
  stepOf,
  valuesFromListing,
  withListedOn,
} from '../editor-form';
import type { EditorPublishingTools } from '../publishing-slot';
import { usePhotoUploads } from '../use-photo-uploads';
import { InventoryStep } from './inventory-step';
import { MarketplaceStep } from './marketplace-step';
import { PhotoField } from './photo-field';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from './unsaved-changes';

export type EditorMode =
  | { kind: 'create'; sourceId: string | null }
  | { kind: 'edit'; listingId: string; stockStatus: StockStatus };

/** Carried in the history entry from the save that created a listing to the form that now edits it. */
export interface EditorLocationState {
  step: EditorStep;
  marketplaces: MarketplaceSelections;
  /** Saved, but publishing was refused: what the marketplaces said it lacks, and the form's message. */
  publishIssues?: FieldIssue[];
  notice?: string;
}

export function isEditorLocationState(value: unknown): value is EditorLocationState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<EditorLocationState>;
  return (
    (state.step === 'inventory' || state.step === 'marketplaces') &&
    typeof state.marketplaces === 'object' &&
    state.marketplaces !== null &&
    MARKETPLACES.every((marketplace) => typeof state.marketplaces?.[marketplace]?.selected === 'boolean') &&
    (state.publishIssues === undefined || Array.isArray(state.publishIssues)) &&
    (state.notice === undefined || typeof state.notice === 'string')
  );
}

/** The edit form's address for a listing. */
export function editListingPath(listingId: string): string {
  return `${paths.dashboard.createListing}?sourceId=${encodeURIComponent(listingId)}&editing=yes`;
}

const INVENTORY_TAB = `${paths.dashboard.listings}?tab=inventory`;
const EDITOR_STEPS = ['inventory', 'marketplaces'] as const satisfies readonly EditorStep[];
const STEP_HEADINGS: Record<EditorStep, string> = {
  inventory: 'listing-editor-step-inventory',
  marketplaces: 'listing-editor-step-marketplaces',
};
const STEP_NAMES: Record<EditorStep, string> = {
  inventory: 'listing_editor.step_inventory',
  marketplaces: 'listing_editor.step_marketplaces',
};

/** What a save does next: stay and keep editing, or go to the inventory. */
type AfterSave = 'continue' | 'list';

function initialValues(source: Listing | null, carried: EditorLocationState | null): EditorValues {
  if (!source) return emptyValues();
  const values = valuesFromListing(source);
  return carried ? { ...values, marketplaces: withListedOn(carried.marketplaces, source.listedOn) } : values;
}

function inputContext(mode: EditorMode): InputContext {
  return mode.kind === 'edit'
    ? { sourceId: null, stockStatus: mode.stockStatus }
    : { sourceId: mode.sourceId, stockStatus: 'inStock' };
}

interface ListingFormProps {
  /** The listing to prefill from (a generated one) or to edit (an inventory one); null for a blank form. */
  source: Listing | null;
  mode: EditorMode;
  /** From the save that created this listing: open on that step with the same marketplace choices. */
  carried: EditorLocationState | null;
  /** Publishing to the seller's connected marketplaces, when crosslisting lends it. */
  publishing?: EditorPublishingTools;
}

export function ListingForm({ source, mode, carried, publishing }: ListingFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Made once: the form is remounted for another listing or mode (listing-editor-page keys it).
  const [setup] = useState(() => ({
    defaultValues: initialValues(source, carried),
    resolver: listingResolver(inputContext(mode)),
  }));
  const form = useForm<EditorValues, unknown, ValidListingInput>({
    ...setup,
    // The first invalid field may be on the other step: focusField switches to it first.
    shouldFocusError: false,
  });
  const saveListing = useSaveListing();
  const [step, setStep] = useState<EditorStep>(carried?.step ?? 'inventory');
  const [savingFor, setSavingFor] = useState<AfterSave | null>(null);
  const [formError, setFormError] = useState<string | null>(carried?.notice ?? null);
  const [publishingNow, setPublishingNow] = useState(false);
  /** What the marketplaces said the listing lacks, from the last refused publish. */
  const [publishIssues, setPublishIssues] = useState<readonly FieldIssue[]>(carried?.publishIssues ?? []);
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(() =>
    carried ? { id: STEP_HEADINGS[carried.step] } : null,
  );
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const { field: photosField } = useController({ control: form.control, name: 'photos' });
  const { getValues } = form;
  const setPhotos = useCallback(
    (update: (photos: EditorPhoto[]) => EditorPhoto[]) => photosField.onChange(update(getValues('photos'))),
    [photosField.onChange, getValues],
  );
  const uploads = usePhotoUploads(photosField.value, setPhotos);

  const movePhoto = (from: number, to: number) =>
    setPhotos((photos) => {
      const next = [...photos];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });

  const goToStep = (next: EditorStep) => {
    setStep(next);
    setFocusTarget({ id: STEP_HEADINGS[next] });
  };

  const focusField = (field: FieldName) => {
    setStep(stepOf(field));
    setFocusTarget({ id: fieldId(field) });
  };

  const onInvalid = (errors: FieldErrors<EditorValues>) => {
    const first = firstInvalidField(errors);
    if (first) focusField(first);
    else setFormError(t('listing_editor.form_invalid'));
  };

  /** Save & Continue on step 1: the step's own fields must be right before step 2. */
  const continueToMarketplaces = form.handleSubmit(
    () => {
      setFormError(null);
      goToStep('marketplaces');
    },
    (errors) => {
      const first = firstInvalidField(errors);
      if (first && stepOf(first) === 'inventory') focusField(first);
      else goToStep('marketplaces');
    },
  );

  const onSaved = (saved: Listing, after: AfterSave) => {
    toast.success(t(mode.kind === 'edit' ? 'listing_editor.saved_changes' : 'listing_editor.saved_new'));
    if (after === 'list') {
      guard.allowLeaving();
      void navigate(INVENTORY_TAB);
      return;
    }
    const marketplaces = withListedOn(getValues('marketplaces'), saved.listedOn);
    if (mode.kind === 'create') {
      // The new listing is edited from now on: its address says so, so a reload or a second save updates it.
      guard.allowLeaving();
      const state: EditorLocationState = { step, marketplaces };
      void navigate(editListingPath(saved.listingId), { replace: true, state });
      return;
    }
    form.reset({ ...valuesFromListing(saved), marketplaces });
    setSavingFor(null);
  };

  const onSaveError = (error: unknown) => {
    setSavingFor(null);
    // No active plan (decision 011): the paywall opens with context createListing; the form keeps its values.
    if (openPaywallFor(error)) return;
    if (error instanceof ApiError && error.code === 'validation_failed') {
      const { placed, unplaced } = placeServerIssues(error.details ?? []);
      for (const field of FIELD_ORDER) {
        const issue = placed.get(field);
        if (issue) form.setError(field, issueError(issue.code));
      }
      const first = FIELD_ORDER.find((field) => placed.has(field));
      if (first) focusField(first);
      if (unplaced.length > 0) setFormError(unplaced.map((issue) => issueText(issue, t)).join(' '));
      else if (!first) setFormError(errorText(error, t));
      return;
    }
    if (mode.kind === 'edit' && isNotFound(error)) {
      showAlert(t('listing_editor.not_found'));
      guard.allowLeaving();
      void navigate(paths.dashboard.listings, { replace: true });
      return;
    }
    setFormError(errorText(error, t));
  };

  /** Saved: now queued on the chosen marketplaces, then the listing page follows each copy. */
  const publishSaved = async (saved: Listing, marketplaces: PublishingMarketplace[]) => {
    if (!publishing) return;
    setPublishingNow(true);
    try {
      await publishing.publish(saved.listingId, marketplaces);
    } catch (error) {
      setPublishingNow(false);
      stayAfterRefusedPublish(saved, error);
      return;
    }
    toast.success(t('listing_editor.saved_publishing'));
    guard.allowLeaving();
    void navigate(paths.dashboard.listing(saved.listingId));
  };

  /** The listing is saved either way; step 2 says what each marketplace lacks, or why nothing was sent. */
  const stayAfterRefusedPublish = (saved: Listing, error: unknown) => {
    toast.success(t(mode.kind === 'edit' ? 'listing_editor.saved_changes' : 'listing_editor.saved_new'));
    const incomplete = error instanceof ApiError && error.code === 'listing_incomplete';
    const issues = incomplete ? (error.details ?? []) : [];
    const unplaced = issues.filter((issue) => !isPublishingMarketplace(issue.field.split('.')[0] ?? ''));
    const notice = incomplete
      ? [t('listing_editor.publish_incomplete'), ...unplaced.map((issue) => issueText(issue, t))].join(' ')
      : t('listing_editor.publish_failed', { reason: errorText(error, t) });
    const marketplaces = withListedOn(getValues('marketplaces'), saved.listedOn);
    if (mode.kind === 'create') {
      // As after any first save: the new listing is edited from now on, so trying again updates it.
      guard.allowLeaving();
      const state: EditorLocationState = {
        step: 'marketplaces',
        marketplaces,
        publishIssues: issues,
        notice,
      };
      void navigate(editListingPath(saved.listingId), { replace: true, state });
      return;
    }
    form.reset({ ...valuesFromListing(saved), marketplaces });
    setSavingFor(null);
    setPublishIssues(issues);
    setFormError(notice);
    goToStep('marketplaces');
  };

  const save = (after: AfterSave) => {
    setFormError(null);
    setPublishIssues([]);
    return form.handleSubmit((input) => {
      setSavingFor(after);
      const listingId = mode.kind === 'edit' ? mode.listingId : null;
      const toPublish = publishing
        ? marketplacesToPublish(getValues('marketplaces'), publishing.publishable)
        : [];
      saveListing.mutate(
        { listingId, input },
        {
          onSuccess: (saved) =>
            toPublish.length > 0 ? void publishSaved(saved, toPublish) : onSaved(saved, after),
          onError: onSaveError,
        },
      );
    }, onInvalid)();
  };

  const busy = savingFor !== null;

  return (
    <FormProvider {...form}>
      <form
        className="listing-editor__form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          void (step === 'inventory' ? continueToMarketplaces() : save('continue'));
        }}
      >
        <StepList
          step={step}
          busy={busy}
          onChoose={(item) => {
            if (item === 'marketplaces') void continueToMarketplaces();
            else goToStep('inventory');
          }}
        />

        <fieldset className="editor-fieldset" disabled={busy}>
          <section className="editor-step" aria-labelledby={STEP_HEADINGS[step]}>
            <div className="editor-step__head">
              <h2 id={STEP_HEADINGS[step]} tabIndex={-1} className="editor-step__title">
                {t(STEP_NAMES[step])}
              </h2>
              <p className="field__hint">
                {step === 'inventory'
                  ? t('listing_editor.required_note')
                  : t('listing_editor.marketplaces_intro')}
              </p>
            </div>
            {step === 'inventory' ? (
              <InventoryStep
                photos={
                  <PhotoField
                    photos={photosField.value}
                    error={fieldError(form.formState.errors, 'photos')}
                    rejected={uploads.rejected}
                    onAdd={uploads.add}
                    onRetry={uploads.retry}
                    onRemove={uploads.remove}
                    onMove={movePhoto}
                  />
                }
              />
            ) : (
              <MarketplaceStep publishing={publishing} publishIssues={publishIssues} />
            )}
          </section>
        </fieldset>

        <SaveActions
          step={step}
          savingFor={savingFor}
          publishingNow={publishingNow}
          publishTo={publishing?.publishable ?? []}
          error={formError}
          onBack={() => goToStep('inventory')}
          onList={() => void save('list')}
        />

        <UnsavedChangesDialog blocker={guard.blocker} />
      </form>
    </FormProvider>
  );
}

/** The two steps, the current one marked; choosing step 2 checks step 1 first. */
function StepList({
  step,
  busy,
  onChoose,
}: {
  step: EditorStep;
  busy: boolean;
  onChoose: (step: EditorStep) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('listing_editor.steps')}>
      <ol className="editor-steps">
        {EDITOR_STEPS.map((item, index) => (
          <li key={item}>
            <button
              type="button"
              className="editor-steps__step"
              aria-current={step === item ? 'step' : undefined}
              disabled={busy}
              onClick={() => item !== step && onChoose(item)}
            >
              <span className="editor-steps__number">
                {t('listing_editor.step_number', { number: index + 1 })}
              </span>
              <span className="editor-steps__name">{t(STEP_NAMES[item])}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The action bar: Back (step 2), List on Marketplaces, and Save & Continue (the form's submit). While a save
 * runs, the button that started it says so and neither starts another.
 */
function SaveActions({
  step,
  savingFor,
  publishingNow,
  publishTo,
  error,
  onBack,
  onList,
}: {
  step: EditorStep;
  savingFor: AfterSave | null;
  publishingNow: boolean;
  /** The marketplaces Snaplist can publish to; those chosen are named above the buttons. */
  publishTo: readonly PublishingMarketplace[];
  error: string | null;
  onBack: () => void;
  onList: () => void;
}) {
  const { t, i18n } = useTranslation();
  const selections = useWatch<EditorValues, 'marketplaces'>({ name: 'marketplaces' });
  const chosen = marketplacesToPublish(selections, publishTo);
  const busy = savingFor !== null;
  const savingLabel = (
    <>
      <Spinner size="sm" />
      {publishingNow ? t('listing_editor.publishing') : t('listing_editor.saving')}
    </>
  );
  return (
    <div className="editor-actions">
      {error && (
        <p className="field__error editor-actions__error" role="alert">
          {error}
        </p>
      )}
      {chosen.length > 0 && (
        <p className="field__hint editor-actions__publish">
          {t('listing_editor.saving_publishes', {
            marketplaces: new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(
              chosen.map((marketplace) => MARKETPLACE_NAMES[marketplace]),
            ),
          })}
        </p>
      )}
      <div className="editor-actions__row">
        {step === 'marketplaces' && (
          <Button variant="ghost" disabled={busy} onClick={onBack}>
            <ArrowLeft size={18} aria-hidden="true" />
            {t('listing_editor.back_to_details')}
          </Button>
        )}
        <div className="editor-actions__buttons">
          <Button variant="secondary" aria-disabled={busy} onClick={() => !busy && onList()}>
            {savingFor === 'list' ? (
              savingLabel
            ) : (
              <>
                <Store size={18} aria-hidden="true" />
                {t('listing_editor.list_on_marketplaces')}
              </>
            )}
          </Button>
          <Button type="submit" aria-disabled={busy}>
            {savingFor === 'continue' ? (
              savingLabel
            ) : (
              <>
                {t('listing_editor.save_continue')}
                <ArrowRight size={18} aria-hidden="true" />
              </>
            )}
          </Button>
        </div>
      </div>
    </div>
  );
}
