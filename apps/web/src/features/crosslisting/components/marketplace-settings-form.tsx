// What a connected marketplace needs beyond the listing, chosen once: one select per setting the server
// lists, with the choices read from the seller's account (eBay's policies and item location, Etsy's shipping
// profile, Shopify's location), and a text box for a detail typed in (eBay's EU product-safety contacts).
// react-hook-form holds the values; the server checks them on save and its issues land on their fields.
import { MARKETPLACE_NAMES, type MarketplaceConnection } from '@snaplist/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField, SelectField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText, issueText } from '@/lib/errors';
import { useSaveMarketplaceSettings } from '../api/save-marketplace-settings';
import { settingLabel } from '../crosslisting-text';

/** Values by position, not by name: a setting's name is the marketplace's and could hold a dot. */
interface SettingsValues {
  settings: string[];
}

export function MarketplaceSettingsForm({ connection }: { connection: MarketplaceConnection }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const save = useSaveMarketplaceSettings();
  const name = MARKETPLACE_NAMES[connection.marketplace];
  const form = useForm<SettingsValues>({
    // The saved choices; when the server's answer changes them, choices the seller is editing stay.
    values: { settings: connection.settings.map((setting) => setting.value ?? '') },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const unchosen = connection.settings.some((setting) => setting.value === null && !setting.optional);
  const typedIn = connection.settings.some((setting) => setting.input === 'text');

  const submit = form.handleSubmit(({ settings: values }) => {
    const settings: Record<string, string> = {};
    connection.settings.forEach((setting, index) => {
      const value = values[index]?.trim();
      // An optional detail the seller emptied is cleared; any other empty field is left as it was.
      if (value || (setting.optional && setting.value)) settings[setting.name] = value ?? '';
    });
    return save
      .mutateAsync({ marketplace: connection.marketplace, settings })
      .then(() => toast.success(t('crosslisting.settings_saved', { marketplace: name })))
      .catch((error: unknown) => {
        const placed = placeIssues(error, connection, (index, code) =>
          form.setError(`settings.${index}`, { type: 'server', message: code }),
        );
        if (!placed) form.setError('root', { type: 'server', message: errorText(error, t) });
      });
  });

  return (
    <form className="marketplace-settings" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="marketplace-settings__fields">
        <legend className="marketplace-settings__legend">
          {t('crosslisting.settings_title', { marketplace: name })}
        </legend>
        {unchosen && (
          <p className="field__hint">{t('crosslisting.settings_missing', { marketplace: name })}</p>
        )}
        {typedIn && <p className="field__hint">{t('crosslisting.settings_typed_in_hint')}</p>}
        {connection.settings.map((setting, index) => {
          const issue = errors.settings?.[index]?.message;
          const common = {
            id: `${idPrefix}-${index}`,
            label: settingLabel(setting.name, t),
            error: issue && issueText({ code: issue }, t),
            invalid: issue !== undefined,
            ...form.register(`settings.${index}`),
          };
          if (setting.input === 'text') return <InputField key={setting.name} maxLength={200} {...common} />;
          const noChoices = setting.choices.length === 0;
          return (
            <SelectField
              key={setting.name}
              hint={noChoices && t('crosslisting.no_choices', { marketplace: name })}
              disabled={noChoices}
              {...common}
            >
              <option value="" disabled={!setting.optional}>
                {setting.optional ? t('crosslisting.none_chosen') : t('crosslisting.choose')}
              </option>
              {setting.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
          );
        })}
      </fieldset>
      {errors.root && (
        <p className="field__error" role="alert">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" variant="secondary" aria-disabled={save.isPending}>
        {save.isPending && <Spinner size="sm" />}
        {save.isPending ? t('crosslisting.saving') : t('crosslisting.save_settings')}
      </Button>
    </form>
  );
}

/**
 * Puts each of a refusal's issues on the select of its setting (`settings.fulfillmentPolicyId`, or the bare
 * name); false when the refusal named none of them.
 */
function placeIssues(
  error: unknown,
  connection: MarketplaceConnection,
  place: (index: number, code: string) => void,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const issue of error.details ?? []) {
    const settingName = issue.field.replace(/^settings\./, '');
    const index = connection.settings.findIndex((setting) => setting.name === settingName);
    if (index === -1) continue;
    place(index, issue.code);
    placed = true;
  }
  return placed;
}
