// The landing page: what Snaplist does, the way in (List from photo), and either the
// sign-in button with the getting-started guides or, when signed in, the way to the dashboard.

import { ArrowRight, BookOpen, Camera, Repeat2, Sparkles, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { env } from '@/config/env';
import { paths } from '@/lib/paths';
import { useQueryClientIfLoaded } from '@/lib/query-client-on-demand';
import { showAlert } from '@/stores/alert';
import { useAuthStore } from '@/stores/auth';
import './landing-page.css';

export function LandingPage() {
  const { t } = useTranslation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const openAuthModal = useAuthStore((state) => state.openAuthModal);
  const navigate = useNavigate();
  const queryClient = useQueryClientIfLoaded();

  // The logout code (API client, contract routes) loads on click: most visitors of this page never log out.
  const logout = () =>
    import('@/lib/auth')
      .then(({ logOut }) => logOut(queryClient, navigate))
      .catch(() => showAlert(t('errors.unknown')));

  return (
    <div className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <p className="landing__eyebrow">
          <Sparkles size={16} aria-hidden="true" />
          {t('landing.eyebrow')}
        </p>
        <h1 id="landing-title" className="landing__title">
          {t('landing.tagline')}
        </h1>
        <p className="landing__lead">{t('landing.lead')}</p>
        <div className="landing__actions">
          <Link to={paths.photoUpload} className={buttonClass('primary', 'lg')}>
            <Camera size={20} aria-hidden="true" />
            {t('common.list_from_photo')}
          </Link>
          {isAuthenticated ? (
            <>
              <Link to={paths.dashboard.home} className={buttonClass('secondary', 'lg')}>
                {t('common.go_to_dashboard')}
                <ArrowRight size={18} aria-hidden="true" />
              </Link>
              <Button variant="ghost" size="lg" onClick={() => void logout()}>
                {t('common.logout')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="lg" onClick={() => openAuthModal('home')}>
              {t('landing.login_signup')}
            </Button>
          )}
        </div>
      </section>

      <ul className="landing__steps" aria-label={t('landing.steps_label')}>
        <li className="card landing__step">
          <Camera className="landing__step-icon" aria-hidden="true" />
          <h2>{t('landing.step_photos_title')}</h2>
          <p>{t('landing.step_photos_text')}</p>
        </li>
        <li className="card landing__step">
          <Sparkles className="landing__step-icon" aria-hidden="true" />
          <h2>{t('landing.step_listing_title')}</h2>
          <p>{t('landing.step_listing_text')}</p>
        </li>
        <li className="card landing__step">
          <Repeat2 className="landing__step-icon" aria-hidden="true" />
          <h2>{t('landing.step_crosslist_title')}</h2>
          <p>{t('landing.step_crosslist_text')}</p>
        </li>
      </ul>

      {!isAuthenticated && (
        <section className="landing__guides" aria-labelledby="landing-guides-title">
          <h2 id="landing-guides-title">{t('landing.guides_title')}</h2>
          <div className="landing__guide-list">
            <ExternalLink href={env.guideCrosslisterUrl} className="card card--link landing__guide">
              <BookOpen className="landing__step-icon" aria-hidden="true" />
              <span className="landing__guide-name">{t('landing.guide_crosslister')}</span>
              <span className="landing__guide-text">{t('landing.guide_crosslister_text')}</span>
            </ExternalLink>
            <ExternalLink href={env.guideGrowUrl} className="card card--link landing__guide">
              <TrendingUp className="landing__step-icon" aria-hidden="true" />
              <span className="landing__guide-name">{t('landing.guide_grow')}</span>
              <span className="landing__guide-text">{t('landing.guide_grow_text')}</span>
            </ExternalLink>
          </div>
        </section>
      )}
    </div>
  );
}
