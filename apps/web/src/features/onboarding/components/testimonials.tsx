// The welcome step's testimonials: three text-and-author pairs, one at a time, moving
// on every 4 s. Rotation waits while the pointer or keyboard focus is on them, stays off for people who asked
// for reduced motion, and can be paused for good (WCAG 2.2.2); the dots pick one directly.
import { Pause, Play, Quote } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../use-prefers-reduced-motion';

/** Testimonials move on every 4 s. */
export const TESTIMONIAL_INTERVAL_MS = 4000;

export const TESTIMONIALS = [
  { text: 'onboarding.testimonial_1_text', author: 'onboarding.testimonial_1_author' },
  { text: 'onboarding.testimonial_2_text', author: 'onboarding.testimonial_2_author' },
  { text: 'onboarding.testimonial_3_text', author: 'onboarding.testimonial_3_author' },
] as const;

export function Testimonials() {
  const { t } = useTranslation();
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The seller's own choice of the pause button; until they make one, reduced motion decides.
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const playing = chosenPlaying ?? !reducedMotion;
  const rotating = playing && !hovered && !focused;

  // A timeout per shown item (not an interval): picking a dot gives the new one its full 4 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setIndex((index + 1) % TESTIMONIALS.length),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, index]);

  const current = TESTIMONIALS[index] ?? TESTIMONIALS[0];
  const slideId = `${id}-slide`;

  return (
    <section
      className="testimonials"
      aria-roledescription={t('onboarding.testimonials_role')}
      aria-label={t('onboarding.testimonials_label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* While it moves on by itself a screen reader is not interrupted; a chosen item is announced. */}
      <div id={slideId} className="testimonials__viewport" aria-live={rotating ? 'off' : 'polite'}>
        <figure
          key={index}
          className="testimonials__item"
          aria-roledescription={t('onboarding.testimonial_role')}
          aria-label={t('onboarding.testimonial_position', {
            current: index + 1,
            total: TESTIMONIALS.length,
          })}
        >
          <Quote className="testimonials__mark" size={28} aria-hidden="true" />
          <blockquote className="testimonials__text">
            <p>{t(current.text)}</p>
          </blockquote>
          <figcaption className="testimonials__author">{t(current.author)}</figcaption>
        </figure>
      </div>
      <div className="testimonials__controls">
        <button
          type="button"
          className="testimonials__pause"
          aria-controls={slideId}
          onClick={() => setChosenPlaying(!playing)}
        >
          {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
          <span className="visually-hidden">
            {playing ? t('onboarding.pause_testimonials') : t('onboarding.play_testimonials')}
          </span>
        </button>
        <ul className="testimonials__dots">
          {TESTIMONIALS.map((item, position) => (
            <li key={item.text}>
              <button
                type="button"
                className="testimonials__dot"
                aria-controls={slideId}
                aria-current={position === index ? 'true' : undefined}
                aria-label={t('onboarding.show_testimonial', {
                  current: position + 1,
                  total: TESTIMONIALS.length,
                })}
                onClick={() => setIndex(position)}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
