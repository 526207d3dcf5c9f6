import { formatMoney } from '@parlour/contract/buyer-price';
import type { TStorePricing } from '@parlour/contract/calls/store-pricing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { merchantUserinfo, mockFetch, recordFeedback, type RecordedCall } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { StorePricingPanel } from './store-pricing-panel';

/** 10 % markup, at least ¥5.00; USD and JPY shown at the platform's rates; GBP has no platform rate. */
const PRICING: TStorePricing = {
  shop_id: 'lucyshop',
  currencies: ['USD', 'JPY'],
  rate_source: 'platform',
  own_rates: {},
  markup_percent: 10,
  min_markup: 500,
  rounding: 'cent',
  adds_china_freight: true,
  platform_rates: { USD: '0.138', JPY: '21.5' },
  platform_rates_updated_at: '2026-11-28T08:00:00.000Z',
  updated_at: null,
};

const money = (minor: number, currency: 'CNY' | 'USD' | 'JPY' | 'GBP') => formatMoney(minor, currency, 'en-US');
const editsOf = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.endsWith('pricing/edit')).map((call) => call.body as Record<string, unknown>);

function renderPricing(pricing: TStorePricing = PRICING, onEdit?: (body: Record<string, unknown>) => unknown) {
  useSessionStore.getState().signIn('merchant', merchantUserinfo);
  const feedback = recordFeedback();
  const { calls } = mockFetch((path, body) => {
    if (path === 'merchant/parlour/pricing/detail') return { code: 200, data: pricing };
    if (path === 'merchant/parlour/pricing/edit') {
      const answer = onEdit?.(body as Record<string, unknown>);
      if (answer) return answer as { code: number };
      const { lang_code: _lang, ...fields } = body as Record<string, unknown>;
      return { code: 200, data: { ...pricing, ...fields, updated_at: '2026-11-29T10:00:00.000Z' } };
    }
    return { code: 10004 };
  });
  renderPage(<StorePricingPanel shopId="lucyshop" />, { path: '/merchant/setting/index' });
  return { calls, feedback };
}

async function chooseCurrency(name: RegExp) {
  fireEvent.mouseDown(screen.getByLabelText('Display currencies'));
  const options = await screen.findAllByTitle(name);
  fireEvent.click(options.at(-1) as HTMLElement);
}

describe('store pricing form', { timeout: 20_000 }, () => {
  it('loads the store’s pricing and previews two sample items in each currency, live', async () => {
    renderPricing();
    expect(((await screen.findByLabelText('Markup')) as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Minimum markup per item') as HTMLInputElement).value).toBe('5.00');
    expect(screen.getByTestId('platform-rate-USD').textContent).toContain('1 CNY = 0.138 USD');

    const preview = screen.getByTestId('pricing-preview');
    // ¥39.00 + max(10 %, ¥5.00) = ¥44.00; ¥259.00 + ¥25.90 = ¥284.90; then at 0.138 and 21.5, rounded up to the cent (yen: whole).
    for (const text of [
      money(4_400, 'CNY'),
      money(28_490, 'CNY'),
      money(608, 'USD'),
      money(3_932, 'USD'),
      money(946, 'JPY'),
      money(6_126, 'JPY'),
    ])
      expect(within(preview).getByText(text)).toBeTruthy();

    // 20 % of ¥39.00 is more than the minimum: ¥46.80, US$6.46.
    fireEvent.change(screen.getByLabelText('Markup'), { target: { value: '20' } });
    await waitFor(() => expect(within(preview).getByText(money(4_680, 'CNY'))).toBeTruthy());
    expect(within(preview).getByText(money(646, 'USD'))).toBeTruthy();
  });

  it('warns that a chosen currency without a platform rate is not shown to buyers', async () => {
    renderPricing();
    await screen.findByLabelText('Markup');
    expect(screen.queryByRole('alert')).toBeNull();
    await chooseCurrency(/^GBP · /);
    expect((await screen.findByRole('alert')).textContent).toContain('has not published a rate for GBP');
    expect(screen.getByTestId('platform-rate-GBP').textContent).toContain('Not shown to buyers');
    expect(within(screen.getByTestId('pricing-preview')).getAllByText('Not shown')).toHaveLength(2);
  });

  it('with the store’s own rates, checks each rate and sends fen integers and the currencies in the order chosen', async () => {
    const { calls, feedback } = renderPricing();
    await screen.findByLabelText('Markup');
    fireEvent.click(screen.getByLabelText("Use the store's own rates"));
    await chooseCurrency(/^GBP · /);
    const usd = await screen.findByRole('textbox', { name: /^USD · / });
    // The platform's rate is shown beside the store's own for reference.
    expect(screen.getByText('Platform rate: 1 CNY = 0.138 USD')).toBeTruthy();
    expect(screen.getByText('The platform has not published a rate for this currency')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('With the store’s own rates, every currency shown needs a rate')).toHaveLength(3);
    fireEvent.change(usd, { target: { value: '0.14' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^JPY · / }), { target: { value: 'abc' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^GBP · / }), { target: { value: '0.11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An exchange rate must be a number above 0 (1 CNY in the currency, up to 8 decimals)'),
    ).toBeTruthy();
    expect(editsOf(calls)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /^JPY · / }), { target: { value: ' 21 ' } });
    fireEvent.change(screen.getByLabelText('Markup'), { target: { value: '15' } });
    const minimum = screen.getByLabelText('Minimum markup per item');
    fireEvent.change(minimum, { target: { value: '12.5' } });
    fireEvent.blur(minimum);
    fireEvent.mouseDown(screen.getByLabelText('Rounding'));
    fireEvent.click((await screen.findAllByTitle('Ending .99 (e.g. 12.99)')).at(-1) as HTMLElement);
    fireEvent.click(screen.getByRole('switch'));

    // ¥39.00 + max(15 %, ¥12.50) = ¥51.50 → US$7.21 at 0.14 → the next .99: US$7.99.
    const preview = screen.getByTestId('pricing-preview');
    await waitFor(() => expect(within(preview).getByText(money(799, 'USD'))).toBeTruthy());
    expect(within(preview).getByText(money(5_150, 'CNY'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Pricing saved'));
    const [edit] = editsOf(calls);
    expect(edit).toEqual({
      shop_id: 'lucyshop',
      currencies: ['USD', 'JPY', 'GBP'],
      rate_source: 'own',
      own_rates: { USD: '0.14', JPY: '21', GBP: '0.11' },
      markup_percent: 15,
      min_markup: 1_250,
      rounding: 'ninety_nine',
      adds_china_freight: false,
      lang_code: 'en-US',
    });
    expect(Number.isInteger(edit?.min_markup)).toBe(true);
  });

  it('shows the server’s field errors on the fields', async () => {
    const { calls, feedback } = renderPricing(
      { ...PRICING, rate_source: 'own', own_rates: { USD: '0.14', JPY: '21' } },
      () => ({
        code: 10001,
        msg: 'The request has invalid fields',
        data: {
          errors: [
            { field: 'own_rates.JPY', message: 'JPY refused by the server' },
            { field: 'min_markup', message: 'Minimum refused by the server' },
          ],
        },
      }),
    );
    expect(((await screen.findByRole('textbox', { name: /^JPY · / })) as HTMLInputElement).value).toBe('21');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('JPY refused by the server')).toBeTruthy();
    expect(screen.getByText('Minimum refused by the server')).toBeTruthy();
    expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red');
    expect(editsOf(calls)[0]).toMatchObject({ own_rates: { USD: '0.14', JPY: '21' }, min_markup: 500 });
  });
});
