import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExpiryCountdown } from './expiry-countdown';

describe('ExpiryCountdown', () => {
  it('counts down days, hours, minutes and seconds every second, then says expired once', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00.000Z'));
    const onEnd = vi.fn();
    render(<ExpiryCountdown to="2025-01-13T03:04:06.000Z" onEnd={onEnd} />);
    expect(screen.getByText('12d 03h 04m 06s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('12d 03h 04m 05s')).toBeTruthy();

    // The clock jumps to two seconds before the end (a tab that slept), then ticks past it: a million
    // one-second ticks would take seconds of renders and time the test out on a loaded machine.
    act(() => vi.setSystemTime(new Date('2025-01-13T03:04:04.000Z')));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('0d 00h 00m 01s')).toBeTruthy();
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('Expired')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('says expired for a time in the past without calling onEnd', () => {
    const onEnd = vi.fn();
    render(<ExpiryCountdown to="2000-01-01T00:00:00.000Z" onEnd={onEnd} />);
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(onEnd).not.toHaveBeenCalled();
  });
});
