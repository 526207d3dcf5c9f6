import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PluginPriceCell } from './plugin-price-cell';

describe('PluginPriceCell', () => {
  it("says free when the server says so (is_free, the merchant's market's rule too)", () => {
    render(<PluginPriceCell plugin={{ is_free: true, price: 0, currency: 'CNY', trial_days: 0 }} />);
    expect(screen.getByText('Free')).toBeTruthy();
  });

  it('shows a paid one in its currency, with its trial days when asked', () => {
    const { unmount } = render(
      <PluginPriceCell plugin={{ is_free: false, price: 9990, currency: 'CNY', trial_days: 7 }} isTrialShown />,
    );
    expect(screen.getByText('CN¥99.90')).toBeTruthy();
    expect(screen.getByText('7-day trial')).toBeTruthy();
    expect(screen.queryByText('Free')).toBeNull();
    unmount();
    render(<PluginPriceCell plugin={{ is_free: false, price: 1500, currency: 'USD', trial_days: 7 }} />);
    expect(screen.getByText(/^USD\s15\.00$/)).toBeTruthy();
    expect(screen.queryByText('7-day trial')).toBeNull();
  });
});
