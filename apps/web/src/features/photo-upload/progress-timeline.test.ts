import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressTimeline, type Progress } from './progress-timeline';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function record() {
  const seen: Progress[] = [];
  const timeline = createProgressTimeline((progress) => seen.push(progress));
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
