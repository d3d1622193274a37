import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundStep } from './background-removal-queue';
import { createProgressTimeline, type Progress, type TimelineOptions } from './progress-timeline';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function record(options?: TimelineOptions) {
  const seen: Progress[] = [];
  const timeline = createProgressTimeline((progress) => seen.push(progress), options);
  return { seen, timeline, last: () => seen.at(-1) };
}

describe('progress timeline', () => {
  it("shows 'Analyzing Photos' (50) after 1 s and 'Generating' (90) 1 s later, then holds", () => {
    const { timeline, last } = record();
    expect(last()).toEqual({ phase: 'uploading', value: 10 });
    timeline.uploaded();
    vi.advanceTimersByTime(999);
    expect(last()?.phase).toBe('uploading');
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ phase: 'analyzing', value: 50 });
    vi.advanceTimersByTime(1000);
    expect(last()).toEqual({ phase: 'generating', value: 90 });
    vi.advanceTimersByTime(60_000);
    expect(last()).toEqual({ phase: 'generating', value: 90 });
  });

  it('does not claim to analyse before every photo is uploaded', () => {
    const { timeline, last } = record();
    timeline.photoUploaded(1, 2);
    expect(last()).toEqual({ phase: 'uploading', value: 28 });
    vi.advanceTimersByTime(5000);
    expect(last()?.phase).toBe('uploading');
    timeline.photoUploaded(2, 2);
    timeline.uploaded();
    expect(last()).toEqual({ phase: 'analyzing', value: 50 });
  });

  it('stops every pending step', () => {
    const { timeline, seen } = record();
    timeline.uploaded();
    timeline.stop();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([{ phase: 'uploading', value: 10 }]);
  });
});

describe('progress timeline with backgrounds still being removed', () => {
  const step = (share: number, number = 1): BackgroundStep => ({
    photoId: `photo-${number}`,
    number,
    total: 2,
    progress: { stage: 'removing' },
    share,
  });

  it('starts with the photos being cleaned, and the upload waits for them', () => {
    const { timeline, seen, last } = record({ removingBackground: true });
    expect(seen).toEqual([]);
    timeline.removingBackground(step(0));
    expect(last()).toEqual({ phase: 'removing_background', value: 0, background: step(0) });
    // However long the photos take, nothing claims to upload or analyse meanwhile.
    vi.advanceTimersByTime(30_000);
    timeline.uploaded();
    expect(last()?.phase).toBe('removing_background');
    timeline.removingBackground(step(0.5, 2));
    expect(last()).toEqual({ phase: 'removing_background', value: 20, background: step(0.5, 2) });
  });

  it('then goes through the upload phases in the rest of the bar, never going back', () => {
    const { timeline, seen, last } = record({ removingBackground: true });
    timeline.removingBackground(step(0));
    timeline.removingBackground(step(1, 2));
    timeline.backgroundRemoved();
    expect(last()).toEqual({ phase: 'uploading', value: 46 });
    timeline.photoUploaded(1, 1);
    timeline.uploaded();
    vi.advanceTimersByTime(999);
    expect(last()).toEqual({ phase: 'uploading', value: 67 });
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ phase: 'analyzing', value: 70 });
    vi.advanceTimersByTime(1000);
    expect(last()).toEqual({ phase: 'generating', value: 94 });
    const values = seen.map((progress) => progress.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // A late word from the remover does not take the overlay back.
    timeline.removingBackground(step(1, 2));
    expect(last()?.phase).toBe('generating');
  });
});
