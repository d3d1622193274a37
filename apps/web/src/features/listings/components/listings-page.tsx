// /dashboard/listings: the Generations and Inventory tabs, a search that runs once
// the seller pauses typing, and Create New. The tab and the search live in the URL (?tab=inventory&q=...),
// so a reload or Back from a listing returns to the same list. On the Inventory tab, crosslisting may lend
// publication badges and bulk publishing (publishing-slot.ts).
import type { ListingType } from '@snaplist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';
import { guardCreateListing } from '@/lib/paywall';
import { listingsQueryKey } from '../api/list-listings';
import { parseTab, SEARCH_PARAM, TAB_PARAM, withListingsState } from '../listings-url';
import type { InventoryPublishingSlot } from '../publishing-slot';
import { ListingsPanel } from './listings-panel';
import { ListingsSearch } from './listings-search';
import './listings.css';

/** How long typing has to pause before the search runs. */
export const SEARCH_DELAY_MS = 300;

interface ListingsPageProps {
  /** Crosslisting's badges and bulk publishing on the Inventory tab, when the route table lends them. */
  Publishing?: InventoryPublishingSlot;
}

export function ListingsPage({ Publishing }: ListingsPageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get(TAB_PARAM));
  const search = (params.get(SEARCH_PARAM) ?? '').trim();
  const [searchText, setSearchText] = useState(search);
  /** The search this page last put in the URL; any other value came from outside (a link, Back). */
  const ownSearch = useRef(search);

  // Replace, not push: a tab or a search is a view of this page, not a page of its own for Back to step through.
  const update = useCallback(
    (changes: { tab?: ListingType; search?: string }) => {
      if (changes.search !== undefined) ownSearch.current = changes.search;
      setParams((current) => withListingsState(current, changes), { replace: true });
    },
    [setParams],
  );

  // A search changed from outside (the Listings menu link drops ?q=) shows in the box, and is not put back.
  useEffect(() => {
    if (search === ownSearch.current) return;
    ownSearch.current = search;
    setSearchText(search);
  }, [search]);

  // The search runs after a pause in typing; emptying the box returns to the paged list at once.
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    if (next === '') {
      update({ search: '' });
      return;
    }
    const timer = setTimeout(() => update({ search: next }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search, update]);

  const changeTab = (next: ListingType) => {
    if (next === tab) return;
    // Switching tabs clears the list and cursor, resets done and reloads, so the new tab
    // starts from its first page (behind the skeleton) rather than from what it showed last time.
    queryClient.removeQueries({ queryKey: listingsQueryKey(next, search), exact: true });
    update({ tab: next });
  };

  const clearSearch = () => {
    setSearchText('');
    update({ search: '' });
  };

  return (
    <div className="page listings">
      <header className="listings__header">
        <h1 className="page__title">{t('listings.title')}</h1>
        <div className="listings__header-actions">
          <ListingsSearch
            value={searchText}
            onChange={setSearchText}
            onSubmit={() => update({ search: searchText.trim() })}
            onClear={clearSearch}
          />
          <Link
            to={paths.dashboard.createListing}
            className={buttonClass('primary', 'md')}
            onClick={guardCreateListing}
          >
            <Plus size={18} aria-hidden="true" />
            {t('listings.create_new')}
          </Link>
        </div>
      </header>

      <Tabs
        items={[
          { value: 'generations', label: t('listings.tab_generations') },
          { value: 'inventory', label: t('listings.tab_inventory') },
        ]}
        value={tab}
        onValueChange={changeTab}
        label={t('listings.tabs_label')}
      >
        {/* A new panel per tab and search: nothing of the previous list can show in the new one. */}
        <ListingsPanel
          key={`${tab}|${search}`}
          type={tab}
          search={search}
          onClearSearch={clearSearch}
          Publishing={Publishing}
        />
      </Tabs>
    </div>
  );
}
