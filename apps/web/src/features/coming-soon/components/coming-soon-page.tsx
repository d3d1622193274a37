// Analytics and Messages are not built yet: say so and lead back to the dashboard.
import { ArrowLeft, BarChart3, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';

const PAGES = {
  analytics: { icon: BarChart3, title: 'analytics.title', text: 'analytics.text' },
  messages: { icon: MessagesSquare, title: 'messages.title', text: 'messages.text' },
} as const;

export function ComingSoonPage({ page }: { page: keyof typeof PAGES }) {
  const { t } = useTranslation();
  const { icon: Icon, title, text } = PAGES[page];
  return (
    <div className="page">
      <section className="card coming-soon" aria-labelledby="coming-soon-title">
        <span className="coming-soon__icon">
          <Icon size={32} aria-hidden="true" />
        </span>
        <Badge>{t('common.coming_soon')}</Badge>
        <h1 id="coming-soon-title" className="page__title">
          {t(title)}
        </h1>
        <p className="coming-soon__text">{t(text)}</p>
        <Link to={paths.dashboard.home} className={buttonClass('primary', 'md')}>
          <ArrowLeft size={18} aria-hidden="true" />
          {t('common.back_to_dashboard')}
        </Link>
      </section>
    </div>
  );
}
