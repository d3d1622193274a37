// The listing form (SPEC "Create or edit listing"): Step 1 Inventory Details, Step 2 Marketplace Details.
// Save & Continue checks step 1 and moves on; on step 2 it saves and stays, so the seller can keep listing
// the item on one marketplace after another. List on Marketplaces saves from either step and goes to the
// inventory. Both run ListingInputSchema first and put each message next to its field.
//
// The form keeps its own values (text as typed, uploads in flight, marketplace choices) and a clean snapshot
// to tell whether anything changed. The active listing store holds a Listing for the details page to show;
// half-typed prices and photos still uploading do not fit in it, and must not leak onto that page.
import {
  CATEGORIES,
  COLOURS,
  CURRENCIES,
  type Currency,
  LISTING_CONDITIONS,
  type Listing,
  MARKETPLACES,
  MAX_QUANTITY,
  type Marketplace,
  MIN_QUANTITY,
  type StockStatus,
} from '@snaplist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Store } from 'lucide-react';
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { isNotFound, listingQueryOptions } from '@/lib/listing-query';
import { paths } from '@/lib/paths';
import { openPaywallFor } from '@/lib/paywall';
import { showAlert } from '@/stores/alert';
import { createListing, updateListing } from '../api/save-listing';
import {
  type EditorPhoto,
  type EditorStep,
  type EditorValues,
  emptyValues,
  errorsFromDetails,
  type FieldErrors,
  type FieldName,
  fieldId,
  firstInvalidField,
  INVENTORY_FIELDS,
  type InputContext,
  type MarketplaceSelection,
  type MarketplaceSelections,
  messageI18nKey,
  snapshot,
  stepOf,
  toFieldError,
  validateValues,
  valuesFromListing,
} from '../editor-form';
import { usePhotoUploads } from '../use-photo-uploads';
import { FormField, fieldErrorText } from './form-field';
import { MarketplaceStep } from './marketplace-step';
import { OptionSelect } from './option-select';
import { PhotoField } from './photo-field';
import { TagInput } from './tag-input';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from './unsaved-changes';

export type EditorMode =
  | { kind: 'create'; sourceId: string | null }
  | { kind: 'edit'; listingId: string; stockStatus: StockStatus };

/** Carried in the history entry from the save that created a listing to the form that now edits it. */
export interface EditorLocationState {
  step: EditorStep;
  marketplaces: MarketplaceSelections;
}

export function isEditorLocationState(value: unknown): value is EditorLocationState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<EditorLocationState>;
  return (
    (state.step === 'inventory' || state.step === 'marketplaces') &&
    typeof state.marketplaces === 'object' &&
    state.marketplaces !== null &&
    MARKETPLACES.every((marketplace) => typeof state.marketplaces?.[marketplace]?.selected === 'boolean')
  );
}

/** The edit form's address for a listing. */
export function editListingPath(listingId: string): string {
  return `${paths.dashboard.createListing}?sourceId=${encodeURIComponent(listingId)}&editing=yes`;
}

const INVENTORY_TAB = `${paths.dashboard.listings}?tab=inventory`;
const STEP_HEADINGS: Record<EditorStep, string> = {
  inventory: 'listing-editor-step-inventory',
  marketplaces: 'listing-editor-step-marketplaces',
};
const CURRENCY_SYMBOLS: Record<Currency, string> = { GBP: '£', USD: '$', EUR: '€' };

/** 'Formal Wear' -> 'formal_wear': the shared option labels' keys (category.*, colour.*, listing_condition.*). */
function optionKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** Marketplaces the saved listing is listed on come back selected with Yes; the others keep the choice made. */
function carrySelections(
  current: MarketplaceSelections,
  listedOn: Listing['listedOn'],
): MarketplaceSelections {
  const next = { ...current };
  for (const marketplace of MARKETPLACES) {
    const link = listedOn[marketplace];
    if (link) next[marketplace] = { selected: true, isListed: true, listingUrl: link.url };
  }
  return next;
}

function initialValues(source: Listing | null, carried: EditorLocationState | null): EditorValues {
  if (!source) return emptyValues();
  const values = valuesFromListing(source);
  return carried
    ? { ...values, marketplaces: carrySelections(carried.marketplaces, source.listedOn) }
    : values;
}

interface ListingFormProps {
  /** The listing to prefill from (a generated one) or to edit (an inventory one); null for a blank form. */
  source: Listing | null;
  mode: EditorMode;
  /** From the save that created this listing: open on that step with the same marketplace choices. */
  carried: EditorLocationState | null;
}

export function ListingForm({ source, mode, carried }: ListingFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState(() => initialValues(source, carried));
  const [values, setValues] = useState(initial);
  const [baseline, setBaseline] = useState(() => snapshot(initial));
  const [step, setStep] = useState<EditorStep>(carried?.step ?? 'inventory');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState<'continue' | 'list' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(() =>
    carried ? { id: STEP_HEADINGS[carried.step] } : null,
  );
  const guard = useUnsavedChangesGuard(snapshot(values) !== baseline);
  const context: InputContext =
    mode.kind === 'edit'
      ? { sourceId: null, stockStatus: mode.stockStatus }
      : { sourceId: mode.sourceId, stockStatus: 'inStock' };

  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const clearError = useCallback((field: FieldName) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const set = <K extends Exclude<keyof EditorValues, 'photos' | 'marketplaces'>>(
    name: K,
    value: EditorValues[K],
  ) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const setPhotos = useCallback(
    (update: (photos: EditorPhoto[]) => EditorPhoto[]) => {
      setValues((current) => ({ ...current, photos: update(current.photos) }));
      clearError('photos');
    },
    [clearError],
  );
  const uploads = usePhotoUploads(values.photos, setPhotos);

  const movePhoto = (from: number, to: number) =>
    setPhotos((photos) => {
      const next = [...photos];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });

  const setSelection = (marketplace: Marketplace, fields: Partial<MarketplaceSelection>) => {
    setValues((current) => ({
      ...current,
      marketplaces: {
        ...current.marketplaces,
        [marketplace]: { ...current.marketplaces[marketplace], ...fields },
      },
    }));
    clearError(`listedOn.${marketplace}`);
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = firstInvalidField(found);
    if (!first) return;
    setStep(stepOf(first));
    setFocusTarget({ id: fieldId(first) });
  };

  const goToStep = (next: EditorStep) => {
    setStep(next);
    setFocusTarget({ id: STEP_HEADINGS[next] });
  };

  /** Save & Continue on step 1: the step's own fields must be right before step 2. */
  const continueToMarketplaces = () => {
    const { errors: found } = validateValues(values, context, INVENTORY_FIELDS);
    if (firstInvalidField(found)) {
      showErrors(found);
      return;
    }
    setErrors({});
    setFormError(null);
    goToStep('marketplaces');
  };

  const onSaveError = (error: unknown) => {
    // No active plan (SPEC section 6): the paywall opens with context createListing; the form keeps its values.
    if (openPaywallFor(error)) return;
    if (error instanceof ApiError && error.code === 'validation_failed') {
      const { errors: placed, unplaced } = errorsFromDetails(error.details ?? []);
      if (firstInvalidField(placed)) showErrors(placed);
      if (unplaced.length > 0) {
        setFormError(unplaced.map((message) => fieldErrorText(toFieldError(message, 'text'), t)).join(' '));
      } else if (!firstInvalidField(placed)) {
        setFormError(errorText(error, t));
      }
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

  const save = async (after: 'continue' | 'list') => {
    if (saving) return;
    setFormError(null);
    const { errors: found, input } = validateValues(values, context);
    if (!input) {
      if (firstInvalidField(found)) showErrors(found);
      else setFormError(t('listing_editor.form_invalid'));
      return;
    }
    setErrors({});
    setSaving(after);
    let saved: Listing;
    try {
      saved = mode.kind === 'edit' ? await updateListing(mode.listingId, input) : await createListing(input);
    } catch (error) {
      setSaving(null);
      onSaveError(error);
      return;
    }

    // Every list of listings is out of date now; this one is known, so its page needs no fetch.
    void queryClient.invalidateQueries({ queryKey: ['listings'], refetchType: 'none' });
    queryClient.setQueryData(listingQueryOptions(saved.listingId).queryKey, saved);
    toast.success(t(mode.kind === 'edit' ? 'listing_editor.saved_changes' : 'listing_editor.saved_new'));

    if (after === 'list') {
      guard.allowLeaving();
      void navigate(INVENTORY_TAB);
      return;
    }
    const marketplaces = carrySelections(values.marketplaces, saved.listedOn);
    if (mode.kind === 'create') {
      // The new listing is edited from now on: its address says so, so a reload or a second save updates it.
      guard.allowLeaving();
      const state: EditorLocationState = { step, marketplaces };
      void navigate(editListingPath(saved.listingId), { replace: true, state });
      return;
    }
    const next = { ...valuesFromListing(saved), marketplaces };
    setValues(next);
    setBaseline(snapshot(next));
    setSaving(null);
  };

  const busy = saving !== null;
  const savingLabel = (
    <>
      <Spinner size="sm" />
      {t('listing_editor.saving')}
    </>
  );

  return (
    <form
      className="listing-editor__form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (step === 'inventory') continueToMarketplaces();
        else void save('continue');
      }}
    >
      <nav aria-label={t('listing_editor.steps')}>
        <ol className="editor-steps">
          {(['inventory', 'marketplaces'] as const).map((item, index) => (
            <li key={item}>
              <button
                type="button"
                className="editor-steps__step"
                aria-current={step === item ? 'step' : undefined}
                disabled={busy}
                onClick={() => {
                  if (item === step) return;
                  if (item === 'marketplaces') continueToMarketplaces();
                  else goToStep('inventory');
                }}
              >
                <span className="editor-steps__number">
                  {t('listing_editor.step_number', { number: index + 1 })}
                </span>
                <span className="editor-steps__name">
                  {item === 'inventory'
                    ? t('listing_editor.step_inventory')
                    : t('listing_editor.step_marketplaces')}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <fieldset className="editor-fieldset" disabled={busy}>
        {step === 'inventory' ? (
          <section className="editor-step" aria-labelledby={STEP_HEADINGS.inventory}>
            <div className="editor-step__head">
              <h2 id={STEP_HEADINGS.inventory} tabIndex={-1} className="editor-step__title">
                {t('listing_editor.step_inventory')}
              </h2>
              <p className="field__hint">{t('listing_editor.required_note')}</p>
            </div>
            <InventoryStep
              values={values}
              errors={errors}
              set={set}
              photos={
                <PhotoField
                  photos={values.photos}
                  error={errors.photos}
                  rejected={uploads.rejected}
                  onAdd={uploads.add}
                  onRetry={uploads.retry}
                  onRemove={uploads.remove}
                  onMove={movePhoto}
                />
              }
            />
          </section>
        ) : (
          <section className="editor-step" aria-labelledby={STEP_HEADINGS.marketplaces}>
            <div className="editor-step__head">
              <h2 id={STEP_HEADINGS.marketplaces} tabIndex={-1} className="editor-step__title">
                {t('listing_editor.step_marketplaces')}
              </h2>
              <p className="field__hint">{t('listing_editor.marketplaces_intro')}</p>
            </div>
            <MarketplaceStep
              values={values}
              errors={errors}
              onChange={setSelection}
              onUrlChecked={(marketplace, valid) => {
                const field: FieldName = `listedOn.${marketplace}`;
                if (valid) clearError(field);
                else
                  setErrors((current) => ({
                    ...current,
                    [field]: { key: messageI18nKey('listingUrlInvalid') },
                  }));
              }}
            />
          </section>
        )}
      </fieldset>

      <div className="editor-actions">
        {formError && (
          <p className="field__error editor-actions__error" role="alert">
            {formError}
          </p>
        )}
        <div className="editor-actions__row">
          {step === 'marketplaces' && (
            <Button variant="ghost" disabled={busy} onClick={() => goToStep('inventory')}>
              <ArrowLeft size={18} aria-hidden="true" />
              {t('listing_editor.back_to_details')}
            </Button>
          )}
          <div className="editor-actions__buttons">
            <Button
              variant="secondary"
              aria-disabled={busy}
              onClick={() => {
                if (!busy) void save('list');
              }}
            >
              {saving === 'list' ? (
                savingLabel
              ) : (
                <>
                  <Store size={18} aria-hidden="true" />
                  {t('listing_editor.list_on_marketplaces')}
                </>
              )}
            </Button>
            <Button type="submit" aria-disabled={busy}>
              {saving === 'continue' ? (
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

      <UnsavedChangesDialog blocker={guard.blocker} />
    </form>
  );
}

interface InventoryStepProps {
  values: EditorValues;
  errors: FieldErrors;
  set: <K extends Exclude<keyof EditorValues, 'photos' | 'marketplaces'>>(
    name: K,
    value: EditorValues[K],
  ) => void;
  photos: ReactNode;
}

/** The values typed as free text, each edited by one input or textarea. */
type TextValue =
  | 'title'
  | 'description'
  | 'price'
  | 'cogs'
  | 'size'
  | 'brand'
  | 'sku'
  | 'barcode'
  | 'quantity';

/** A price input behind its currency symbol. */
function MoneyInput({ symbol, ...input }: { symbol: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="editor-money">
      <span className="editor-money__symbol" aria-hidden="true">
        {symbol}
      </span>
      <input {...input} className="input editor-money__input" inputMode="decimal" autoComplete="off" />
    </div>
  );
}

function InventoryStep({ values, errors, set, photos }: InventoryStepProps) {
  const { t } = useTranslation();
  const [primary, secondary] = values.colours;
  const symbol = CURRENCY_SYMBOLS[values.currency];
  /** The value and change handler of a text control. */
  const bind = (name: TextValue) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, event.currentTarget.value),
  });
  /** The shared option label of a category, colour or condition: t('category.formal_wear'). */
  const optionLabel = (group: 'category' | 'colour' | 'listing_condition') => (option: string) =>
    t(`${group}.${optionKey(option)}`);

  return (
    <>
      <div className="card editor-card">{photos}</div>

      <div className="card editor-card">
        <FormField field="title" label={t('listing_editor.title')} required error={errors.title}>
          {(control) => <input {...control} className="input" {...bind('title')} />}
        </FormField>
        <FormField
          field="description"
          label={t('listing_editor.description')}
          required
          error={errors.description}
        >
          {(control) => (
            <textarea {...control} className="input editor-textarea" rows={8} {...bind('description')} />
          )}
        </FormField>
      </div>

      <div className="card editor-card editor-grid">
        <FormField field="price" label={t('listing_editor.price')} required error={errors.price}>
          {(control) => (
            <MoneyInput
              {...control}
              symbol={symbol}
              placeholder={t('listing_editor.price_placeholder')}
              {...bind('price')}
            />
          )}
        </FormField>
        <FormField field="currency" label={t('listing_editor.currency')} error={errors.currency}>
          {(control) => (
            <OptionSelect
              {...control}
              value={values.currency}
              options={CURRENCIES}
              optionLabel={(currency) => `${currency} (${CURRENCY_SYMBOLS[currency]})`}
              onChange={(currency) => set('currency', currency)}
            />
          )}
        </FormField>
        <FormField
          field="cogs"
          label={t('listing_editor.cogs')}
          hint={t('listing_editor.cogs_hint')}
          error={errors.cogs}
        >
          {(control) => (
            <MoneyInput
              {...control}
              symbol={symbol}
              placeholder={t('listing_editor.cogs_placeholder')}
              {...bind('cogs')}
            />
          )}
        </FormField>
      </div>

      <div className="card editor-card editor-grid">
        <FormField field="category" label={t('listing_editor.category')} required error={errors.category}>
          {(control) => (
            <OptionSelect
              {...control}
              value={values.category}
              options={CATEGORIES}
              optionLabel={optionLabel('category')}
              placeholder={t('listing_editor.choose_category')}
              onChange={(category) => set('category', category)}
            />
          )}
        </FormField>
        {values.category !== '' ? (
          <FormField field="size" label={t('listing_editor.size')} required error={errors.size}>
            {(control) => (
              <input
                {...control}
                className="input"
                placeholder={t('listing_editor.size_placeholder')}
                {...bind('size')}
              />
            )}
          </FormField>
        ) : (
          <p className="field__hint editor-grid__note">{t('listing_editor.size_after_category')}</p>
        )}
        <FormField field="colours" label={t('listing_editor.primary_colour')} required error={errors.colours}>
          {(control) => (
            <OptionSelect
              {...control}
              value={primary}
              options={COLOURS}
              optionLabel={optionLabel('colour')}
              placeholder={t('listing_editor.choose_colour')}
              onChange={(colour) => set('colours', [colour, secondary === colour ? '' : secondary])}
            />
          )}
        </FormField>
        <div className="field editor-field">
          <label htmlFor="listing-editor-colour-2" className="field__label">
            {t('listing_editor.secondary_colour')}
          </label>
          <OptionSelect
            id="listing-editor-colour-2"
            value={secondary}
            disabled={primary === ''}
            options={COLOURS.filter((colour) => colour !== primary)}
            optionLabel={optionLabel('colour')}
            noneLabel={t('listing_editor.no_second_colour')}
            onChange={(colour) => set('colours', [primary, colour])}
          />
        </div>
        <FormField field="brand" label={t('listing_editor.brand')} error={errors.brand}>
          {(control) => <input {...control} className="input" {...bind('brand')} />}
        </FormField>
        <FormField field="condition" label={t('listing_editor.condition')} required error={errors.condition}>
          {(control) => (
            <OptionSelect
              {...control}
              value={values.condition}
              options={LISTING_CONDITIONS}
              optionLabel={optionLabel('listing_condition')}
              placeholder={t('listing_editor.choose_condition')}
              onChange={(condition) => set('condition', condition)}
            />
          )}
        </FormField>
      </div>

      <div className="card editor-card editor-grid editor-grid--three">
        <FormField field="sku" label={t('listing_editor.sku')} error={errors.sku}>
          {(control) => <input {...control} className="input" autoComplete="off" {...bind('sku')} />}
        </FormField>
        <FormField field="barcode" label={t('listing_editor.barcode')} error={errors.barcode}>
          {(control) => <input {...control} className="input" autoComplete="off" {...bind('barcode')} />}
        </FormField>
        <FormField field="quantity" label={t('listing_editor.quantity')} required error={errors.quantity}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="numeric"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
              step={1}
              {...bind('quantity')}
            />
          )}
        </FormField>
      </div>

      <div className="card editor-card">
        <TagInput tags={values.tags} error={errors.tags} onChange={(tags) => set('tags', tags)} />
      </div>
    </>
  );
}
