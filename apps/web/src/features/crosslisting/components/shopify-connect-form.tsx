// Shopify connects one shop at a time, so its card first asks which: `name.myshopify.com` (or just `name`).
// The shop is checked here before anything is sent; the server checks it again.
import { MARKETPLACE_NAMES } from '@snaplist/contract';
import { Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorText, issueText } from '@/lib/errors';
import { useConnectMarketplace } from '../api/connect-marketplace';

/** A shop's myshopify.com name, as Shopify allows it: letters, digits and hyphens. */
const SHOP_NAME = /^[a-z0-9][a-z0-9-]*$/;
const SHOP_DOMAIN_SUFFIX = '.myshopify.com';

/** `name.myshopify.com` from what the seller typed (a name, a domain, or the shop's address), or null. */
export function shopDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const name = host.endsWith(SHOP_DOMAIN_SUFFIX) ? host.slice(0, -SHOP_DOMAIN_SUFFIX.length) : host;
  return SHOP_NAME.test(name) ? `${name}${SHOP_DOMAIN_SUFFIX}` : null;
}

export function ShopifyConnectForm() {
  const { t } = useTranslation();
  const connect = useConnectMarketplace();
  const [shop, setShop] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.leaving) return;
    const domain = shopDomain(shop);
    setInvalid(domain === null);
    if (domain) connect.mutate({ marketplace: 'shopify', shop: domain });
  };

  const error = invalid
    ? issueText({ code: 'shop_invalid' }, t)
    : connect.error
      ? errorText(connect.error, t)
      : null;

  return (
    <form className="marketplace-card__shop" onSubmit={submit} noValidate>
      <InputField
        id={id}
        label={t('crosslisting.shop_label')}
        hint={t('crosslisting.shop_hint')}
        error={error}
        invalid={invalid}
        announce
        value={shop}
        onChange={(event) => setShop(event.currentTarget.value)}
        placeholder="name.myshopify.com"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <Button type="submit" aria-disabled={connect.leaving}>
        {connect.leaving ? <Spinner size="sm" /> : <Link2 size={18} aria-hidden="true" />}
        {connect.leaving
          ? t('crosslisting.connecting', { marketplace: MARKETPLACE_NAMES.shopify })
          : t('crosslisting.connect', { marketplace: MARKETPLACE_NAMES.shopify })}
      </Button>
    </form>
  );
}
