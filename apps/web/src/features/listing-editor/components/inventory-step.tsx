// Step 1, Inventory Details: photos, title, description, price, currency, cost of
// goods, category, size (only once a category is chosen), colours, brand, condition, SKU, barcode, quantity
// and tags. Text is registered with the form as typed; the contract's schema checks it on save.
import {
  CATEGORIES,
  COLOURS,
  type Colour,
  CURRENCIES,
  type Currency,
  LISTING_CONDITIONS,
  MAX_QUANTITY,
  MIN_QUANTITY,
} from '@snaplist/contract';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, type UseFormRegisterReturn, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { enumKey } from '@/lib/i18n';
import { type EditorValues, fieldError, type InventoryField } from '../editor-form';
import { type ControlProps, FormField } from './form-field';
import { OptionSelect } from './option-select';
import { TagInput } from './tag-input';

const CURRENCY_SYMBOLS: Record<Currency, string> = { GBP: '£', USD: '$', EUR: '€' };

/** A colour from a select's value; '' (none chosen) for anything else. */
function colourOf(value: string): Colour | '' {
  return COLOURS.find((colour) => colour === value) ?? '';
}

/** The step 1 fields held by a native control and labelled by their own name (listing_editor.<field>). */
type RegisteredField = Exclude<InventoryField, 'photos' | 'colours' | 'tags'>;

/** A native control registered with the form, with its label, required mark and message. */
function RegisteredControl({
  field,
  required,
  hint,
  children,
}: {
  field: RegisteredField;
  required?: boolean;
  hint?: string;
  children: (control: ControlProps & UseFormRegisterReturn<RegisteredField>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<EditorValues>();
  return (
    <FormField
      field={field}
      label={t(`listing_editor.${field}`)}
      required={required}
      hint={hint}
      error={fieldError(formState.errors, field)}
    >
      {(wiring) => children({ ...wiring, ...register(field) })}
    </FormField>
  );
}

/** An amount as typed, behind the chosen currency's symbol. */
function MoneyInput(input: Omit<ComponentProps<'input'>, 'className'>) {
  const currency = useWatch<EditorValues, 'currency'>({ name: 'currency' });
  return (
    <div className="editor-money">
      <span className="editor-money__symbol" aria-hidden="true">
        {CURRENCY_SYMBOLS[currency]}
      </span>
      <input {...input} className="input editor-money__input" inputMode="decimal" autoComplete="off" />
    </div>
  );
}

export function InventoryStep({ photos }: { photos: ReactNode }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EditorValues>();
  const category = useWatch({ control, name: 'category' });
  /** The shared option label of a category, colour or condition: t('category.formal_wear'). */
  const optionLabel = (group: 'category' | 'colour' | 'listing_condition') => (option: string) =>
    t(`${group}.${enumKey(option)}`);

  return (
    <>
      <div className="card editor-card">{photos}</div>

      <div className="card editor-card">
        <RegisteredControl field="title" required>
          {(control) => <input {...control} className="input" />}
        </RegisteredControl>
        <RegisteredControl field="description" required>
          {(control) => <textarea {...control} className="input editor-textarea" rows={8} />}
        </RegisteredControl>
      </div>

      <div className="card editor-card editor-grid">
        <RegisteredControl field="price" required>
          {(control) => <MoneyInput {...control} placeholder={t('listing_editor.price_placeholder')} />}
        </RegisteredControl>
        <RegisteredControl field="currency">
          {(control) => (
            <OptionSelect
              {...control}
              options={CURRENCIES}
              optionLabel={(option) => `${option} (${CURRENCY_SYMBOLS[option]})`}
            />
          )}
        </RegisteredControl>
        <RegisteredControl field="cogs" hint={t('listing_editor.cogs_hint')}>
          {(control) => <MoneyInput {...control} placeholder={t('listing_editor.cogs_placeholder')} />}
        </RegisteredControl>
      </div>

      <div className="card editor-card editor-grid">
        <RegisteredControl field="category" required>
          {(control) => (
            <OptionSelect
              {...control}
              options={CATEGORIES}
              optionLabel={optionLabel('category')}
              placeholder={t('listing_editor.choose_category')}
            />
          )}
        </RegisteredControl>
        {category !== '' ? (
          <RegisteredControl field="size" required>
            {(control) => (
              <input {...control} className="input" placeholder={t('listing_editor.size_placeholder')} />
            )}
          </RegisteredControl>
        ) : (
          <p className="field__hint editor-grid__note">{t('listing_editor.size_after_category')}</p>
        )}
        <Controller
          control={control}
          name="colours"
          render={({ field, fieldState }) => {
            const [primary, secondary] = field.value;
            return (
              <>
                <FormField
                  field="colours"
                  label={t('listing_editor.primary_colour')}
                  required
                  error={fieldState.error}
                >
                  {(wiring) => (
                    <OptionSelect
                      {...wiring}
                      ref={field.ref}
                      value={primary}
                      options={COLOURS}
                      optionLabel={optionLabel('colour')}
                      placeholder={t('listing_editor.choose_colour')}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        const colour = colourOf(event.currentTarget.value);
                        // The second colour, chosen as the primary one, leaves second place.
                        field.onChange([colour, secondary === colour ? '' : secondary]);
                      }}
                    />
                  )}
                </FormField>
                <Field
                  id="listing-editor-colour-2"
                  label={t('listing_editor.secondary_colour')}
                  className="editor-field"
                >
                  {(wiring) => (
                    <OptionSelect
                      {...wiring}
                      value={secondary}
                      disabled={primary === ''}
                      options={COLOURS.filter((colour) => colour !== primary)}
                      optionLabel={optionLabel('colour')}
                      noneLabel={t('listing_editor.no_second_colour')}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange([primary, colourOf(event.currentTarget.value)])}
                    />
                  )}
                </Field>
              </>
            );
          }}
        />
        <RegisteredControl field="brand">
          {(control) => <input {...control} className="input" />}
        </RegisteredControl>
        <RegisteredControl field="condition" required>
          {(control) => (
            <OptionSelect
              {...control}
              options={LISTING_CONDITIONS}
              optionLabel={optionLabel('listing_condition')}
              placeholder={t('listing_editor.choose_condition')}
            />
          )}
        </RegisteredControl>
      </div>

      <div className="card editor-card editor-grid editor-grid--three">
        <RegisteredControl field="sku">
          {(control) => <input {...control} className="input" autoComplete="off" />}
        </RegisteredControl>
        <RegisteredControl field="barcode">
          {(control) => <input {...control} className="input" autoComplete="off" />}
        </RegisteredControl>
        <RegisteredControl field="quantity" required>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="numeric"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
              step={1}
            />
          )}
        </RegisteredControl>
      </div>

      <div className="card editor-card">
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagInput tags={field.value} error={fieldState.error} onChange={field.onChange} />
          )}
        />
      </div>
    </>
  );
}
