import { describe, expect, it, vi } from 'vitest';
import { hideLoading, showLoading, useLoadingStore } from './loading-store';

describe('loading overlay state', () => {
  it('hides itself after 3 s by default', () => {
    vi.useFakeTimers();
    showLoading();
    vi.advanceTimersByTime(2_999);
    expect(useLoadingStore.getState().isVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useLoadingStore.getState().isVisible).toBe(false);
  });

  it('can stay longer, or be hidden at once', () => {
    vi.useFakeTimers();
    showLoading(10_000);
    vi.advanceTimersByTime(5_000);
    expect(useLoadingStore.getState().isVisible).toBe(true);
    hideLoading();
    expect(useLoadingStore.getState().isVisible).toBe(false);
  });
});
