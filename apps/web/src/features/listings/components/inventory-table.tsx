// The Inventory tab's table: a select-all box (mixed when some rows are chosen), then per
// item its product (photo and a title cut to 66 characters), price, stock status, where it is listed, and
// View, Edit and Delete (icons with a tooltip in the table; worded in the stacked rows). Where crosslisting lends
// them, its badges (a copy on its way, failed, or live) join the listed-on links. At 768 px or less, CSS stacks
// each row into a card; every cell keeps its label.
import { INVENTORY_TITLE_MAX, type ListingSummary } from '@snaplist/contract';
import { Eye, type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListedOnLinks } from '@/components/listed-on-links';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { formatMinorUnits, truncate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { editListingPath } from '../listings-url';
import { ListingThumbnail } from './listing-thumbnail';

interface InventoryTableProps {
  listings: readonly ListingSummary[];
  selected: ReadonlySet<string>;
  onSelect: (listingId: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onDelete: (listing: ListingSummary) => void;
  /** A row's publication badges (publishing-slot.ts), or null for none. */
  badges?: ((listing: ListingSummary) => ReactNode) | undefined;
}

export function InventoryTable({
  listings,
  selected,
  onSelect,
  onSelectAll,
  onDelete,
  badges,
}: InventoryTableProps) {
  const { t } = useTranslation();
  const selectAllId = useId();
  const chosen = listings.filter((listing) => selected.has(listing.listingId)).length;
  const all = listings.length > 0 && chosen === listings.length;

  return (
    <div className="inventory">
      <table className="inventory__table">
        <caption className="visually-hidden">{t('listings.inventory_caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="inventory__select">
              <label className="inventory__select-all" htmlFor={selectAllId}>
                <Checkbox
                  id={selectAllId}
                  checked={all}
                  indeterminate={chosen > 0 && !all}
                  onCheckedChange={onSelectAll}
                  aria-label={t('listings.select_all')}
                  data-focus-fallback="select-all"
                />
                <span className="inventory__select-all-text" aria-hidden="true">
                  {t('listings.select_all_short')}
                </span>
              </label>
            </th>
            <th scope="col">{t('listings.col_product')}</th>
            <th scope="col">{t('listings.col_price')}</th>
            <th scope="col">{t('listings.col_status')}</th>
            <th scope="col">{t('listings.col_listed_on')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('listings.col_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <InventoryRow
              key={listing.listingId}
              listing={listing}
              selected={selected.has(listing.listingId)}
              onSelect={onSelect}
              onDelete={onDelete}
              badges={badges?.(listing) ?? null}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell with its column's name in front, shown only when the row is stacked (the header row is hidden). */
function LabelledCell({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <td className={className}>
      <span className="inventory__label">{label}</span>
      <span className="inventory__value">{children}</span>
    </td>
  );
}

interface InventoryRowProps {
  listing: ListingSummary;
  selected: boolean;
  onSelect: (listingId: string, selected: boolean) => void;
  onDelete: (listing: ListingSummary) => void;
  badges: ReactNode;
}

function InventoryRow({ listing, selected, onSelect, onDelete, badges }: InventoryRowProps) {
  const { t } = useTranslation();
  const title = listing.title || t('listings.untitled');
  const details = [
    listing.brand,
    listing.size,
    listing.sku && t('listings.sku', { sku: listing.sku }),
  ].filter(Boolean);
  const inStock = listing.stockStatus === 'inStock';

  return (
    <tr className={['inventory__row', selected ? 'inventory__row--selected' : ''].filter(Boolean).join(' ')}>
      <td className="inventory__select">
        <Checkbox
          checked={selected}
          onCheckedChange={(checked) => onSelect(listing.listingId, checked)}
          aria-label={t('listings.select_item', { title })}
        />
      </td>
      <th scope="row" className="inventory__product">
        <span className="inventory__product-inner">
          <ListingThumbnail url={listing.thumbnailUrl} className="inventory__photo" />
          <span className="inventory__product-text">
            <span className="inventory__title" title={title.length > INVENTORY_TITLE_MAX ? title : undefined}>
              {truncate(title)}
            </span>
            {details.length > 0 && <span className="inventory__details">{details.join(' · ')}</span>}
          </span>
        </span>
      </th>
      <LabelledCell label={t('listings.col_price')} className="inventory__price">
        {listing.price === null ? (
          <span className="muted">{t('listings.no_price')}</span>
        ) : (
          formatMinorUnits(listing.price, listing.currency)
        )}
      </LabelledCell>
      <LabelledCell label={t('listings.col_status')} className="inventory__status">
        <Badge tone={inStock ? 'accent' : 'neutral'}>
          {inStock ? t('listings.in_stock') : t('listings.out_of_stock')}
        </Badge>
        <span className="inventory__quantity">{t('listings.quantity', { quantity: listing.quantity })}</span>
      </LabelledCell>
      <LabelledCell label={t('listings.col_listed_on')} className="inventory__listed-on">
        <ListedOnLinks listedOn={listing.listedOn} badges={badges} />
      </LabelledCell>
      <td className="inventory__actions">
        <div className="inventory__action-list">
          <Link
            to={paths.dashboard.listing(listing.listingId)}
            className={buttonClass('ghost', 'sm')}
            title={t('listings.view')}
          >
            <ActionLabel Icon={Eye} word={t('listings.view')} title={title} />
          </Link>
          <Link
            to={editListingPath(listing.listingId)}
            className={buttonClass('ghost', 'sm')}
            title={t('listings.edit')}
          >
            <ActionLabel Icon={Pencil} word={t('listings.edit')} title={title} />
          </Link>
          <Button variant="danger" size="sm" onClick={() => onDelete(listing)} title={t('listings.delete')}>
            <ActionLabel Icon={Trash2} word={t('listings.delete')} title={title} />
          </Button>
        </div>
      </td>
    </tr>
  );
}

interface ActionLabelProps {
  Icon: LucideIcon;
  word: string;
  /** The row's title, read after the word so that each row's action has its own accessible name. */
  title: string;
}

/** An action's icon, its word (shown only in the stacked rows) and the row it acts on, for screen readers. */
function ActionLabel({ Icon, word, title }: ActionLabelProps) {
  return (
    <>
      <Icon size={16} aria-hidden="true" />
      <span className="inventory__action-word">{word}</span> <span className="visually-hidden">{title}</span>
    </>
  );
}
