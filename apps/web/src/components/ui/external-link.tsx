// A link that opens in a new tab, safely (no opener), and says so to screen-reader users.
import type { AnchorHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export function ExternalLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { t } = useTranslation();
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="visually-hidden"> {t('common.opens_new_tab')}</span>
    </a>
  );
}
