// A card that goes to a page or opens an external guide: the dashboard's quick actions and onboarding's guides.
import { ChevronRight, ExternalLink as ExternalIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';

type QuickActionProps = { icon: ReactNode; title: string; text: string; className?: string } & (
  | { to: string; href?: never }
  | { href: string; to?: never }
);

/**
 * A card that goes to a page (`to`) or opens an external guide in a new tab (`href`). Its name is its whole
 * visible text, title first: a shorter aria-label would hide words a speech-input user reads on screen (axe
 * label-content-name-mismatch, WCAG 2.5.3). The space between title and text keeps them apart in that name.
 */
export function QuickAction({ icon, title, text, to, href, className }: QuickActionProps) {
  const classes = ['card', 'card--link', 'quick-action', className].filter(Boolean).join(' ');
  const body = (
    <>
      <span className="quick-action__icon">{icon}</span>
      <span className="quick-action__body">
        <span className="quick-action__title">{title}</span>{' '}
        <span className="quick-action__text">{text}</span>
      </span>
    </>
  );
  if (href !== undefined) {
    return (
      <ExternalLink href={href} className={classes}>
        {body}
        <ExternalIcon className="quick-action__chevron" size={18} aria-hidden="true" />
      </ExternalLink>
    );
  }
  return (
    <Link to={to} className={classes}>
      {body}
      <ChevronRight className="quick-action__chevron" size={20} aria-hidden="true" />
    </Link>
  );
}
