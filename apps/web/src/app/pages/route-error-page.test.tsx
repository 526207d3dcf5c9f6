import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { RouteErrorPage } from './route-error-page';

describe('RouteErrorPage', () => {
  it('says the page failed to load, in the interface language, and offers a reload', async () => {
    changeLanguage('en-US');
    render(<RouteErrorPage />);
    expect(await screen.findByRole('heading', { name: 'Failed to load, please try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
