// Starting a connection (POST /api/marketplaces/:marketplace/connect): the server answers the marketplace's
// consent page, and this tab goes there. The button keeps saying so until the page is gone.
import { type PublishingMarketplace, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/lib/api-client';
import { goToMarketplace } from '../go-to-marketplace';

export interface ConnectVariables {
  marketplace: PublishingMarketplace;
  /** Shopify only: the shop to connect. */
  shop?: string;
}

export async function connectMarketplace({ marketplace, shop }: ConnectVariables): Promise<void> {
  const { authorizeUrl } = await callApi(routes.connectMarketplace, shop === undefined ? {} : { shop }, {
    params: { marketplace },
  });
  goToMarketplace(authorizeUrl);
}

export function useConnectMarketplace() {
  const mutation = useMutation({ mutationFn: connectMarketplace });
  const { reset } = mutation;
  // Back from the consent page, the browser may restore this page as it was left (its back-forward cache):
  // ready to connect again, not still on its way out.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}
