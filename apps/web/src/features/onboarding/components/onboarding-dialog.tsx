// The onboarding dialog (the spec's "Onboarding"): step 1 welcomes the seller with testimonials,
// step 2 offers ways to get started. It opens through the onboarding store (after signing up from home, on
// the dashboard home, on a first generated listing) and is mounted once, in the root layout.
// On the shared dialog's frame rather than the whole Dialog: it chooses where focus lands on open and between
// steps, so the testimonials keep rotating (focus inside them pauses them) and each step's title is read.
import { ChevronRight, FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GuideQuickActions } from '@/components/quick-action';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFrame, DialogTitle } from '@/components/ui/dialog';
import { useAuthStore } from '@/stores/auth';
import { type OnboardingContext, useOnboardingStore } from '@/stores/onboarding';
import { completeOnboarding } from '../api/complete-onboarding';
import { Testimonials } from './testimonials';
import './onboarding.css';

type Step = 1 | 2;
const STEP_COUNT = 2;

export function OnboardingDialog() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { isOpen, context } = useOnboardingStore((state) => state.showOnboarding);
  // The auth modal opens onboarding just before it closes: wait for it, one dialog at a time.
  const authModalOpen = useAuthStore((state) => state.authModal.isOpen);
  const visible = isOpen && !authModalOpen;
  const [step, setStep] = useState<Step>(1);
  // Where it opened: 'Take me to my listing' returns there if the seller has moved on (browser back).
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const currentPath = `${location.pathname}${location.search}`;

  if (isOpen && openedAt === null) setOpenedAt(currentPath);
  // However it closed (Close, Done, Skip, or the store), the next opening starts at step 1.
  if (!isOpen && (openedAt !== null || step !== 1)) {
    setOpenedAt(null);
    setStep(1);
  }

  const contentRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Moving to step 2 removes the button that had focus: the new step's title takes it and is announced.
  const movedToStep2 = useRef(false);
  useEffect(() => {
    if (step === 2 && movedToStep2.current) titleRef.current?.focus();
    movedToStep2.current = false;
  }, [step]);

  const goToStep2 = () => {
    movedToStep2.current = true;
    setStep(2);
  };
  const finish = () => void completeOnboarding();
  const takeMeToMyListing = () => {
    const target = openedAt;
    finish();
    if (target && target !== currentPath) void navigate(target);
  };

  return (
    <DialogFrame
      open={visible}
      onOpenChange={(open) => !open && finish()}
      ref={contentRef}
      className="dialog onboarding"
      onOpenAutoFocus={(event) => {
        // The dialog itself, not its first control (the testimonials' pause button): the title and
        // description are read, and the testimonials are not paused before anyone touched them.
        event.preventDefault();
        contentRef.current?.focus();
      }}
    >
      <div className="dialog__header">
        <p className="onboarding__step">{t('onboarding.step', { current: step, total: STEP_COUNT })}</p>
        <DialogTitle ref={titleRef} tabIndex={-1} className="dialog__title onboarding__title">
          {step === 1 ? t('onboarding.welcome_title') : t('onboarding.get_started_title')}
        </DialogTitle>
        <DialogDescription className="dialog__description">
          {step === 1
            ? t('onboarding.welcome_text')
            : context === 'generatedListing'
              ? t('onboarding.get_started_text_listing')
              : t('onboarding.get_started_text')}
        </DialogDescription>
      </div>

      {step === 1 ? (
        <Testimonials />
      ) : (
        <GetStartedOptions context={context} onTakeMeToMyListing={takeMeToMyListing} />
      )}

      <div className="onboarding__footer">
        {/* Skip on step 1 goes to step 2; on step 2 it closes. */}
        <Button variant="ghost" onClick={step === 1 ? goToStep2 : finish}>
          {t('onboarding.skip')}
        </Button>
        {step === 1 ? (
          <Button onClick={goToStep2}>
            {t('onboarding.next')}
            <ChevronRight size={18} aria-hidden="true" />
          </Button>
        ) : (
          <Button onClick={finish}>{t('onboarding.done')}</Button>
        )}
      </div>
    </DialogFrame>
  );
}

interface GetStartedOptionsProps {
  context: OnboardingContext;
  onTakeMeToMyListing: () => void;
}

/** Step 2: back to the new listing (only after a generation), or the Crosslister and Grow guides. */
function GetStartedOptions({ context, onTakeMeToMyListing }: GetStartedOptionsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <ul className="onboarding__options">
      {context === 'generatedListing' && (
        <li>
          <button
            type="button"
            className="card card--link quick-action onboarding__option"
            aria-labelledby={`${id}-listing-title`}
            aria-describedby={`${id}-listing`}
            onClick={onTakeMeToMyListing}
          >
            <span className="quick-action__icon">
              <FileText size={22} aria-hidden="true" />
            </span>
            <span className="quick-action__body">
              <span id={`${id}-listing-title`} className="quick-action__title">
                {t('onboarding.take_me_to_listing')}
              </span>
              <span id={`${id}-listing`} className="quick-action__text">
                {t('onboarding.take_me_to_listing_text')}
              </span>
            </span>
            <ChevronRight className="quick-action__chevron" size={20} aria-hidden="true" />
          </button>
        </li>
      )}
      <GuideQuickActions section="onboarding" iconSize={22} className="onboarding__option" />
    </ul>
  );
}
