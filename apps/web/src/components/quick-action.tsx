// A card that goes to a page or opens an external guide: the dashboard's quick actions and onboarding's guides.
import { BookOpen, ChevronRight, ExternalLink as ExternalIcon, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';

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

const GUIDES = [
  { key: 'use_crosslister', href: env.guideCrosslisterUrl, Icon: BookOpen },
  { key: 'use_grow', href: env.guideGrowUrl, Icon: TrendingUp },
] as const;

interface GuideQuickActionsProps {
  /** Where they stand, which words them: `<section>.use_crosslister`, `<section>.use_grow_text`... */
  section: 'dashboard' | 'onboarding';
  iconSize: number;
  className?: string;
}

/** The external guides (cross-listing, growing the shop) as items of a quick-action list. */
export function GuideQuickActions({ section, iconSize, className }: GuideQuickActionsProps) {
  const { t } = useTranslation();
  return GUIDES.map(({ key, href, Icon }) => (
    <li key={key}>
      <QuickAction
        className={className}
        href={href}
        icon={<Icon size={iconSize} aria-hidden="true" />}
        title={t(`${section}.${key}`)}
        text={t(`${section}.${key}_text`)}
      />
    </li>
  ));
}
