// The Snaplist mark (a price tag) and word mark; the same drawing as public/favicon.svg.
import { useTranslation } from 'react-i18next';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
      <path
        d="M9 9.5A1.5 1.5 0 0 1 10.5 8h6.38a1.5 1.5 0 0 1 1.06.44l6.12 6.12a1.5 1.5 0 0 1 0 2.12l-6.38 6.38a1.5 1.5 0 0 1-2.12 0L9.44 16.94A1.5 1.5 0 0 1 9 15.88Z"
        fill="#fff"
      />
      <circle cx="13" cy="12" r="1.75" fill="var(--color-accent)" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo__name">{t('app.name')}</span>
    </span>
  );
}
