// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpPageTests } from '@/testing/render-page';
import { REDUCED_MOTION_QUERY } from '../use-prefers-reduced-motion';
import { TESTIMONIAL_INTERVAL_MS, Testimonials } from './testimonials';

setUpPageTests();

const FIRST = /I used to spend my evenings writing listings/;
const SECOND = /The suggested price range takes the guesswork out/;
const THIRD = /I write a listing once and crosslist it/;

/** The quote on show, read the way a person sees it: one figure at a time. */
function shownQuote(): string {
  const figures = document.querySelectorAll('figure');
  expect(figures).toHaveLength(1);
  return figures[0]?.textContent ?? '';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function preferReducedMotion() {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query === REDUCED_MOTION_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Testimonials', () => {
  it('moves on every 4 s through the three and back to the first', () => {
    render(<Testimonials />);
    expect(shownQuote()).toMatch(FIRST);
    expect(screen.getByText('Amelia, sells vintage on Vinted')).toBeTruthy();

    advance(TESTIMONIAL_INTERVAL_MS - 1);
    expect(shownQuote(), 'not before 4 s').toMatch(FIRST);
    advance(1);
    expect(shownQuote()).toMatch(SECOND);
    expect(screen.getByText('Marcus, Depop seller')).toBeTruthy();
    advance(TESTIMONIAL_INTERVAL_MS);
    expect(shownQuote()).toMatch(THIRD);
    advance(TESTIMONIAL_INTERVAL_MS);
    expect(shownQuote()).toMatch(FIRST);
  });

  it('marks the shown one among three dots, and a dot picks one', () => {
    render(<Testimonials />);
    const dots = screen.getAllByRole('button', { name: /^Show testimonial \d of 3$/ });
    expect(dots).toHaveLength(3);
    expect(screen.getByRole('button', { current: true }).getAttribute('aria-label')).toBe(
      'Show testimonial 1 of 3',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3 of 3' }));
    expect(shownQuote()).toMatch(THIRD);
    expect(screen.getByRole('button', { current: true }).getAttribute('aria-label')).toBe(
      'Show testimonial 3 of 3',
    );
  });

  it('waits while the pointer is on them, and goes on when it leaves', () => {
    render(<Testimonials />);
    const carousel = screen.getByRole('region', { name: 'What sellers say' });
    fireEvent.mouseEnter(carousel);
    advance(TESTIMONIAL_INTERVAL_MS * 3);
    expect(shownQuote()).toMatch(FIRST);

    fireEvent.mouseLeave(carousel);
    advance(TESTIMONIAL_INTERVAL_MS);
    expect(shownQuote()).toMatch(SECOND);
  });

  it('waits while keyboard focus is inside them', () => {
    render(<Testimonials />);
    const dot = screen.getByRole('button', { name: 'Show testimonial 2 of 3' });
    act(() => dot.focus());
    advance(TESTIMONIAL_INTERVAL_MS * 2);
    expect(shownQuote()).toMatch(FIRST);

    act(() => dot.blur());
    advance(TESTIMONIAL_INTERVAL_MS);
    expect(shownQuote()).toMatch(SECOND);
  });

  it('stays still for people who asked for reduced motion, until they press play', () => {
    preferReducedMotion();
    render(<Testimonials />);
    advance(TESTIMONIAL_INTERVAL_MS * 2);
    expect(shownQuote()).toMatch(FIRST);

    const play = screen.getByRole('button', { name: 'Play testimonials' });
    fireEvent.click(play);
    act(() => play.blur());
    advance(TESTIMONIAL_INTERVAL_MS);
    expect(shownQuote()).toMatch(SECOND);
  });

  it('can be paused for good with the pause button', () => {
    render(<Testimonials />);
    const pause = screen.getByRole('button', { name: 'Pause testimonials' });
    fireEvent.click(pause);
    act(() => pause.blur());
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
    advance(TESTIMONIAL_INTERVAL_MS * 3);
    expect(shownQuote()).toMatch(FIRST);
  });
});
