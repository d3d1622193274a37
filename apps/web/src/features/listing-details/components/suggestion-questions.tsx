// The engine's open questions about a listing ("Is this Zara?"), each answered with Yes or No. A brand or
// size read too weakly to state is never in the listing until the seller says yes (decision 017). Answering
// replaces the cached listing with the server's; focus moves to the next question, or to the item details
// where a yes now shows, so a keyboard user is never dropped at the top of the page.
import type { FieldSuggestion, Listing, SuggestionField } from '@snaplist/contract';
import { CircleHelp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isAlreadyAnswered, useAnswerSuggestion } from '../api/answer-suggestion';
import { EvidenceNote } from './evidence-note';
import './suggestion-questions.css';

/** Where focus goes once the last question is answered: the item details, where a yes now shows. */
export const AFTER_QUESTIONS_FOCUS_ID = 'listing-facts';

/** The seller's two answers, yes first. */
const ANSWERS = [
  { accept: true, variant: 'primary', label: 'listing_details.suggestion_yes' },
  { accept: false, variant: 'secondary', label: 'listing_details.suggestion_no' },
] as const;

const QUESTION_KEYS: Record<SuggestionField, string> = {
  brand: 'listing_details.suggestion_brand',
  size: 'listing_details.suggestion_size',
};
const SAVED_KEYS: Record<SuggestionField, string> = {
  brand: 'listing_details.suggestion_saved_brand',
  size: 'listing_details.suggestion_saved_size',
};

export function SuggestionQuestions({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const answer = useAnswerSuggestion(listing.listingId);
  const listRef = useRef<HTMLUListElement>(null);
  /** Set by an answer, so focus moves once the page shows the listing without that question. */
  const focusAfterAnswer = useRef(false);
  const remaining = listing.suggestions.length;
  useEffect(() => {
    if (!focusAfterAnswer.current) return;
    focusAfterAnswer.current = false;
    moveFocus(listRef.current, remaining);
  }, [remaining]);
  if (remaining === 0) return null;

  const respond = (suggestion: FieldSuggestion, accept: boolean) => {
    if (answer.isPending) return;
    focusAfterAnswer.current = true;
    answer.mutate(
      { field: suggestion.field, accept },
      {
        onSuccess: () => {
          toast.success(
            accept
              ? t(SAVED_KEYS[suggestion.field], { value: suggestion.value })
              : t('listing_details.suggestion_declined'),
          );
        },
        onError: (error) => {
          focusAfterAnswer.current = false;
          toast.error(
            t(
              isAlreadyAnswered(error)
                ? 'listing_details.suggestion_gone'
                : 'listing_details.suggestion_failed',
            ),
          );
        },
      },
    );
  };

  return (
    <section className="card suggestions" aria-labelledby="suggestions-heading" aria-busy={answer.isPending}>
      <h2 id="suggestions-heading" className="suggestions__heading">
        <CircleHelp size={18} aria-hidden="true" />
        {t('listing_details.suggestions_heading')}
      </h2>
      <p className="suggestions__intro">{t('listing_details.suggestions_intro')}</p>
      <ul className="suggestions__list" ref={listRef}>
        {listing.suggestions.map((suggestion) => {
          const questionId = `suggestion-${suggestion.field}`;
          return (
            <li key={`${suggestion.field}:${suggestion.value}`} className="suggestions__item">
              <fieldset aria-labelledby={questionId} className="suggestions__question">
                <p id={questionId} className="suggestions__text">
                  {t(QUESTION_KEYS[suggestion.field], { value: suggestion.value })}
                </p>
                <div className="suggestions__answers">
                  {ANSWERS.map(({ accept, variant, label }) => (
                    <Button
                      key={label}
                      variant={variant}
                      size="sm"
                      aria-disabled={answer.isPending}
                      onClick={() => respond(suggestion, accept)}
                    >
                      {t(label)}
                    </Button>
                  ))}
                </div>
              </fieldset>
              <EvidenceNote evidence={suggestion.evidence} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The next question's Yes, or the item details once none is left. */
function moveFocus(list: HTMLUListElement | null, remaining: number): void {
  const next = remaining > 0 ? list?.querySelector<HTMLButtonElement>('button') : null;
  if (next) {
    next.focus();
    return;
  }
  document.getElementById(AFTER_QUESTIONS_FOCUS_ID)?.focus();
}
