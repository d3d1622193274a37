// What the auth modal shows once it has e-mailed a link (a password reset, a provider link): the news, and
// one way back to the login form.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';

interface SentNoticeProps {
  /** The news, in its own role="status" element. */
  children: ReactNode;
  onBack: () => void;
}

export function SentNotice({ children, onBack }: SentNoticeProps) {
  const { t } = useTranslation();
  const backButton = useRef<HTMLButtonElement>(null);

  // The notice replaces the form that had the focus: keyboard users land on its one button.
  useEffect(() => {
    backButton.current?.focus();
  }, []);

  return (
    <div className="auth-form">
      {children}
      <button ref={backButton} type="button" className={buttonClass('secondary', 'lg')} onClick={onBack}>
        {t('auth.back_to_login')}
      </button>
    </div>
  );
}
