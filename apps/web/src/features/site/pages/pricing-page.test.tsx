import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVersion } from '@/test/admin-fixtures';
import { mockFetch } from '@/test/helpers';
import { renderPage } from '@/test/render';
import PricingPage from './pricing-page';

describe('public pricing', { timeout: 20_000 }, () => {
  it('shows each version with features, trial, price per term and a sign-up link, monthly or yearly', async () => {
    const { calls } = mockFetch((path) =>
      path === 'merchant/parlour/package/public_lists'
        ? { code: 200, data: { list: [makeVersion({ id: 1, name: 'Starter', trial_days: 14 }), makeVersion({ id: 3, name: 'Enterprise', trial_days: 0 })], total: 2 } }
        : { code: 10004 },
    );
    renderPage(<PricingPage />, { path: '/pricing' });

    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(screen.getAllByText('CN¥100.00')).toHaveLength(2);
    expect(screen.getByText('14-day free trial')).toBeTruthy();
    expect(screen.getByText('No trial')).toBeTruthy();
    expect(screen.getAllByText('Custom domain')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
    // No token is sent: the call is public.
    expect(calls[0].headers.get('Authorization')).toBeNull();

    fireEvent.click(screen.getByText('Yearly'));
    expect(await screen.findAllByText('CN¥1,000.00')).toHaveLength(2);
    expect(screen.getAllByText('Save 17% vs monthly')).toHaveLength(2);
  });
});
