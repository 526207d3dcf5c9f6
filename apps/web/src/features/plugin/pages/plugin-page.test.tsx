import type { TMarketPlugin, TMerchantPluginDetail, TShopPlugin } from '@parlour/contract/calls/plugin';
import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '@/lib/leave-page';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf, makeShop } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import PluginPage from './plugin-page';

vi.mock('@/lib/leave-page', () => ({
  leavePageFor: vi.fn(),
  openPendingTab: vi.fn(() => ({ point: vi.fn(), close: vi.fn() })),
}));

const NOW = new Date();
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

function makePlugin(overrides: Partial<TMarketPlugin> = {}): TMarketPlugin {
  return {
    id: 1,
    code: 'live_chat',
    name: 'Live chat',
    icon: '',
    type_id: 3,
    type_name: 'Customer service',
    packages: [{ id: 2, name: 'Professional' }],
    price: 9_900,
    currency: 'CNY',
    is_free: false,
    trial_days: 7,
    status: 'listed',
    version: '1.2.0',
    install_count: 12,
    created_at: inDays(-30),
    updated_at: inDays(-2),
    market_state: 'available',
    is_version_available: true,
    is_installed: false,
    shop_status: null,
    trial_ends_at: null,
    can_trial: true,
    unpaid_bill_no: null,
    upgrade_package_id: null,
    ...overrides,
  };
}
function makeShopPlugin(overrides: Partial<TShopPlugin> = {}): TShopPlugin {
  const {
    market_state: _state,
    is_version_available: _version,
    is_installed: _installed,
    shop_status: _status,
    can_trial: _trial,
    unpaid_bill_no: _bill,
    upgrade_package_id: _upgrade,
    ...plugin
  } = makePlugin();
  return {
    ...plugin,
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    shop_status: 'enabled',
    source: 'purchased',
    trial_ends_at: null,
    is_trial_expired: false,
    installed_at: inDays(-1),
    bill_no: 'B1',
    ...overrides,
  };
}
function makeDetail(plugin: TMarketPlugin): TMerchantPluginDetail {
  const {
    market_state,
    is_version_available,
    is_installed,
    shop_status,
    trial_ends_at,
    can_trial,
    unpaid_bill_no,
    upgrade_package_id,
    ...rest
  } = plugin;
  return {
    ...rest,
    trial_ends_at,
    description: '<p>Talk to <strong>buyers</strong></p>',
    screenshots: ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/fedcba9876543210fedcba9876543210.jpg'],
    video_url: 'https://video.example.com/live-chat',
    changelog: 'Faster replies\nEmoji',
    shop: {
      shop_id: 'lucyshop',
      shop_name: 'Lucy Shop',
      market_state,
      is_version_available,
      is_installed,
      shop_status,
      trial_ends_at,
      can_trial,
      unpaid_bill_no,
      upgrade_package_id,
    },
  } as TMerchantPluginDetail;
}

const MARKET = [
  makePlugin(),
  makePlugin({
    id: 2,
    code: 'currency',
    name: 'Currency display',
    price: 0,
    is_free: true,
    trial_days: 0,
    can_trial: false,
  }),
  makePlugin({
    id: 3,
    code: 'image_search',
    name: 'Image search',
    market_state: 'trial',
    is_installed: true,
    shop_status: 'enabled',
    trial_ends_at: '2099-12-05T04:00:00.000Z',
    can_trial: false,
  }),
  makePlugin({
    id: 4,
    code: 'translate',
    name: 'Product translation',
    market_state: 'version_unavailable',
    is_version_available: false,
    can_trial: false,
    upgrade_package_id: 3,
    packages: [
      { id: 3, name: 'Enterprise' },
      { id: 4, name: 'Flagship' },
    ],
  }),
  makePlugin({
    id: 5,
    code: 'coupons',
    name: 'Coupons',
    market_state: 'purchased',
    is_installed: true,
    shop_status: 'enabled',
    can_trial: false,
  }),
];
const SHOPS = {
  list: [makeShop(), makeShop({ id: 2, shop_id: 'sleepy', shop_name: 'Sleepy', status: 'pending_renewal' })],
  total: 2,
  counts: { all: 2, operating: 1, disabled: 0, pending_renewal: 1 },
};

type Reply = (body: Record<string, unknown>) => { code: number; data?: unknown; msg?: string };
/** A fixed answer's data, or a function of the body answering the whole envelope. */
type Handler = Reply | object;
function answer(overrides: Record<string, Handler> = {}) {
  return (path: string, body: unknown) => {
    if (path in overrides) {
      const value = overrides[path];
      return typeof value === 'function'
        ? (value as (body: unknown) => { code: number })(body)
        : { code: 200, data: value };
    }
    if (path === 'merchant/parlour/shop/lists') return { code: 200, data: SHOPS };
    if (path === 'merchant/payment/methods') return { code: 200, data: { list: ['wechat', 'alipay', 'paypal'] } };
    if (path === 'merchant/plugin/shop/type_lists')
      return {
        code: 200,
        data: {
          list: [
            { id: 3, name: 'Customer service', sort: 1 },
            { id: 4, name: 'Marketing', sort: 2 },
          ],
        },
      };
    if (path === 'merchant/plugin/shop/plugin_page') return { code: 200, data: { list: MARKET, total: MARKET.length } };
    if (path === 'merchant/plugin/shop/page') return { code: 200, data: { list: [makeShopPlugin()], total: 1 } };
    if (path === 'merchant/plugin/shop/detail')
      return { code: 200, data: makeDetail(MARKET.find((plugin) => plugin.id === (body as { id: number }).id)!) };
    return { code: 10004, msg: `no answer for ${path}` };
  };
}
/** The open dialog (or drawer) with this title. */
const findDialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' })).closest<HTMLElement>(
    '[role="dialog"]',
  )!;
const card = async (code: string) => screen.findByTestId(`plugin-card-${code}`);
const PAY = {
  bill_no: 'B9',
  provider: 'sandbox',
  pay_method: 'alipay',
  pay_url: '/cashier/B9?token=t',
  expires_at: inDays(0.02),
};

describe('merchant plugins page', { timeout: 20_000 }, () => {
  beforeEach(() => vi.mocked(leavePageFor).mockClear());

  it('shows the market of the chosen store: each plugin with its price and state, and why a version may not have it', async () => {
    const { calls } = mockFetch(answer());
    const { router } = renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=market' });
    const chat = await card('live_chat');
    // The first store is chosen and kept in the URL.
    expect(router.state.location.search).toContain('shop_id=lucyshop');
    expect(bodiesOf(calls, 'merchant/plugin/shop/plugin_page')[0]).toMatchObject({
      shop_id: 'lucyshop',
      page: 1,
      limit: 12,
    });
    expect(within(chat).getByTestId('plugin-price').textContent).toBe('CN¥99.00');
    expect(within(chat).getByText('7-day free trial')).toBeTruthy();
    expect(within(chat).getByRole('button', { name: 'Buy' })).toBeTruthy();
    expect(within(chat).getByRole('button', { name: 'Free trial' })).toBeTruthy();
    expect(within(await card('currency')).getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(within(await card('image_search')).getByTestId('plugin-state').textContent).toMatch(
      /^On trial until 2099-12-0[45]$/,
    );
    expect(within(await card('coupons')).getByTestId('plugin-state').textContent).toBe('Purchased');
    const translate = await card('translate');
    expect(within(translate).getByTestId('plugin-state').textContent).toBe("Not in this store's version");
    expect(within(translate).getByText(/Available with Enterprise or Flagship\./)).toBeTruthy();
    expect(within(translate).getByRole('link', { name: 'Renew into a higher version' }).getAttribute('href')).toBe(
      '/merchant/store/renew?shop_id=lucyshop&version=3',
    );
    expect(within(translate).queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('filters by type, price and keyword in the URL; a tab change keeps the store', async () => {
    const { calls } = mockFetch(answer());
    const { router } = renderPage(<PluginPage />, {
      path: '/merchant/plugin',
      url: '/merchant/plugin?tab=market&shop_id=lucyshop',
    });
    await card('live_chat');
    fireEvent.click(screen.getByText('Paid'));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/plugin/shop/plugin_page').at(-1)).toMatchObject({ price_type: 'paid' }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByText('Marketing', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/plugin/shop/plugin_page').at(-1)).toMatchObject({
        type_id: 4,
        price_type: 'paid',
      }),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search plugins' }), { target: { value: 'chat' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search plugins' }), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/plugin/shop/plugin_page').at(-1)).toMatchObject({
        shop_id: 'lucyshop',
        type_id: 4,
        price_type: 'paid',
        keyword: 'chat',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'market',
      shop_id: 'lucyshop',
      type_id: '4',
      price_type: 'paid',
      keyword: 'chat',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'My plugins' }));
    await waitFor(() => expect(router.state.location.search).toBe('?shop_id=lucyshop'));
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/plugin/shop/page').at(-1)).toMatchObject({ shop_id: 'lucyshop' }),
    );
  });

  it('buys a paid plugin: the store and price are confirmed, a pay method chosen, then the cashier', async () => {
    const { calls } = mockFetch(answer({ 'merchant/plugin/shop/add': { shop_plugin: null, bill: {}, payment: PAY } }));
    recordFeedback();
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=market&shop_id=lucyshop' });
    fireEvent.click(within(await card('live_chat')).getByRole('button', { name: 'Buy' }));
    const dialog = await findDialog('Buy Live chat');
    expect(within(dialog).getByText('Lucy Shop (lucyshop)')).toBeTruthy();
    expect(within(dialog).getByTestId('plugin-purchase-price').textContent).toBe('CN¥99.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    expect(await within(dialog).findByText('Pay method is required')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/plugin/shop/add')).toHaveLength(0);
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Alipay/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B9?token=t'));
    expect(bodiesOf(calls, 'merchant/plugin/shop/add')).toEqual([
      expect.objectContaining({ shop_id: 'lucyshop', plugin_id: 1, mode: 'buy', pay_method: 'alipay' }),
    ]);
    // Still busy while the browser leaves: a second click sends nothing.
    const ok = within(dialog).getByRole('button', { name: /Go to payment/ });
    expect(ok.className).toContain('ant-btn-loading');
  });

  it('an unpaid bill for the plugin ("order exists") is offered for payment', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/plugin/shop/add': () => ({
          code: ErrorCode.ORDER_EXISTS,
          msg: 'An unpaid bill exists',
          data: { bill_no: 'B7' },
        }),
        'merchant/order/order/pay_page': { ...PAY, bill_no: 'B7', pay_url: '/cashier/B7?token=u' },
      }),
    );
    const feedback = recordFeedback();
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=market&shop_id=lucyshop' });
    fireEvent.click(within(await card('live_chat')).getByRole('button', { name: 'Buy' }));
    const dialog = await findDialog('Buy Live chat');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /WeChat/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(bodiesOf(calls, 'merchant/plugin/shop/add')).toHaveLength(1));
    const exists = await findDialog('An unpaid order exists already, please pay or cancel it first');
    expect(within(exists).getByText(/Bill B7 for this plugin and store is waiting for payment/)).toBeTruthy();
    expect(feedback.error).not.toHaveBeenCalled();
    fireEvent.click(within(exists).getByRole('button', { name: 'Pay this bill' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/cashier/B7?token=u'));
    expect(bodiesOf(calls, 'merchant/order/order/pay_page')[0]).toMatchObject({ bill_no: 'B7' });
  });

  it('installs a free plugin and starts a trial at once', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/plugin/shop/add': (body) =>
          body.mode === 'trial'
            ? {
                code: 200,
                data: {
                  shop_plugin: makeShopPlugin({ source: 'trial', trial_ends_at: '2099-12-01T04:00:00.000Z' }),
                  bill: null,
                  payment: null,
                },
              }
            : {
                code: 200,
                data: {
                  shop_plugin: makeShopPlugin({ id: 2, name: 'Currency display', source: 'free' }),
                  bill: null,
                  payment: null,
                },
              },
      }),
    );
    const feedback = recordFeedback();
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=market&shop_id=lucyshop' });
    fireEvent.click(within(await card('currency')).getByRole('button', { name: 'Install' }));
    let dialog = await findDialog('Install Currency display');
    expect(within(dialog).getByTestId('plugin-purchase-price').textContent).toBe('Free');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith('Currency display is installed on Lucy Shop (lucyshop)'),
    );
    expect(bodiesOf(calls, 'merchant/plugin/shop/add')[0]).toMatchObject({
      shop_id: 'lucyshop',
      plugin_id: 2,
      mode: 'buy',
    });
    expect(bodiesOf(calls, 'merchant/plugin/shop/add')[0]).not.toHaveProperty('pay_method');

    fireEvent.click(within(await card('live_chat')).getByRole('button', { name: 'Free trial' }));
    dialog = await findDialog('Try Live chat');
    expect(within(dialog).getByText(/free for 7 days/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start trial' }));
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith(
        expect.stringMatching(/^The trial of Live chat has started: it ends on 2099-12-01/),
      ),
    );
    expect(bodiesOf(calls, 'merchant/plugin/shop/add')[1]).toMatchObject({ plugin_id: 1, mode: 'trial' });
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('opens the detail with screenshots, the video as a link, the description, changelog and the buy buttons', async () => {
    mockFetch(answer());
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=market&shop_id=lucyshop' });
    fireEvent.click(within(await card('live_chat')).getByRole('button', { name: 'Details' }));
    const drawer = await findDialog('Plugin details');
    expect(await within(drawer).findByRole('heading', { name: 'Live chat' })).toBeTruthy();
    expect(within(drawer).getAllByRole('img', { name: /Live chat screenshot 1/ }).length).toBeGreaterThan(0);
    const video = within(drawer).getByRole('link', { name: /Watch the video/ });
    expect(video.getAttribute('href')).toBe('https://video.example.com/live-chat');
    expect(video.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(drawer).getByText('buyers').tagName).toBe('STRONG');
    expect(within(drawer).getByText("What's new in 1.2.0")).toBeTruthy();
    expect(within(drawer).getByText(/Faster replies/)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Buy' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Free trial' })).toBeTruthy();
  });

  it('my plugins: disables and enables with a confirmation; an ended trial is bought to enable it', async () => {
    const { calls } = mockFetch(
      answer({
        'merchant/plugin/shop/page': {
          list: [
            makeShopPlugin(),
            makeShopPlugin({
              id: 3,
              name: 'Image search',
              source: 'trial',
              shop_status: 'disabled',
              trial_ends_at: '2020-01-01T04:00:00.000Z',
              is_trial_expired: true,
              bill_no: null,
            }),
          ],
          total: 2,
        },
        'merchant/plugin/shop/up_status': (body) => ({
          code: 200,
          data: makeShopPlugin({ shop_status: body.status as 'enabled' }),
        }),
      }),
    );
    const feedback = recordFeedback();
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?shop_id=lucyshop' });
    const row = (await screen.findByText('Live chat', { selector: 'strong' })).closest('tr')!;
    expect(within(row).getByTestId('shop-plugin-status').textContent).toBe('Enabled');
    expect(within(row).getByText('Purchased')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable Live chat?')).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/plugin/shop/up_status')).toHaveLength(0);
    // The confirmation's own button (the last one named so).
    fireEvent.click(screen.getAllByRole('button', { name: 'Disable' }).at(-1)!);
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Live chat is disabled'));
    expect(bodiesOf(calls, 'merchant/plugin/shop/up_status')[0]).toMatchObject({
      shop_id: 'lucyshop',
      plugin_id: 1,
      status: 'disabled',
    });

    const trial = (await screen.findByText('Image search', { selector: 'strong' })).closest('tr')!;
    expect(within(trial).getByText(/^Trial ended 2020-01-01/)).toBeTruthy();
    expect(within(trial).getByTestId('shop-plugin-status').textContent).toBe('Disabled');
    fireEvent.click(within(trial).getByRole('button', { name: 'Buy to enable' }));
    expect(await findDialog('Buy Image search')).toBeTruthy();
  });

  it('says when the store cannot take plugins, and that the cashier payment went through', async () => {
    mockFetch(answer());
    const feedback = recordFeedback();
    const { router } = renderPage(<PluginPage />, {
      path: '/merchant/plugin',
      url: '/merchant/plugin?tab=market&shop_id=sleepy&paid=B9',
    });
    expect(
      await screen.findByText(
        /This store is Pending renewal: plugins can only be added to a store on trial or operating\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew the store' }).getAttribute('href')).toBe(
      '/merchant/store/renew?shop_id=sleepy',
    );
    await waitFor(() =>
      expect(feedback.success).toHaveBeenCalledWith('Payment received: the plugin of bill B9 is installed and enabled'),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=market&shop_id=sleepy'));
    expect((within(await card('live_chat')).getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('merchant plugins page: a plugin’s settings', { timeout: 20_000 }, () => {
  const CHANNELS = {
    shop_id: 'lucyshop',
    wecom_url: '',
    whatsapp: '',
    email: 'old@example.com',
    phone: '',
    updated_at: null,
  };

  it('opens the customer service settings from My plugins, checks a field with the contract’s rule and saves', async () => {
    const feedback = recordFeedback();
    const { calls } = mockFetch(
      answer({
        'merchant/plugin/shop/page': {
          list: [makeShopPlugin(), makeShopPlugin({ id: 5, code: 'coupons', name: 'Coupons' })],
          total: 2,
        },
        'merchant/plugin/live_chat/detail': CHANNELS,
        'merchant/plugin/live_chat/edit': (body: Record<string, unknown>) => ({
          code: 200,
          data: { ...CHANNELS, ...body, whatsapp: '+447911123456', updated_at: inDays(0) },
        }),
      }),
    );
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=mine&shop_id=lucyshop' });
    // Only a plugin with settings has the action.
    const settings = await screen.findAllByRole('button', { name: 'Settings' });
    expect(settings).toHaveLength(1);
    fireEvent.click(settings[0]);
    const drawer = await findDialog('Live chat settings');
    const whatsapp = await within(drawer).findByLabelText('WhatsApp number');
    expect((within(drawer).getByLabelText('Service email') as HTMLInputElement).value).toBe('old@example.com');
    fireEvent.change(whatsapp, { target: { value: '12' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(/WhatsApp number must be a valid international number/)).toBeTruthy();
    expect(bodiesOf(calls, 'merchant/plugin/live_chat/edit')).toHaveLength(0);
    fireEvent.change(whatsapp, { target: { value: '+44 7911 123456' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalled());
    expect(bodiesOf(calls, 'merchant/plugin/live_chat/edit')[0]).toMatchObject({
      shop_id: 'lucyshop',
      whatsapp: '+44 7911 123456',
      email: 'old@example.com',
    });
  });

  it('shows a field the server refused on the field, and asks before closing with changes', async () => {
    recordFeedback();
    mockFetch(
      answer({
        'merchant/plugin/live_chat/detail': CHANNELS,
        'merchant/plugin/live_chat/edit': () => ({
          code: ErrorCode.VALIDATION_FAILED,
          msg: 'Service email is not a valid address',
          data: { errors: [{ field: 'email', message: 'Service email is not a valid address' }] },
        }),
      }),
    );
    renderPage(<PluginPage />, { path: '/merchant/plugin', url: '/merchant/plugin?tab=mine&shop_id=lucyshop' });
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const drawer = await findDialog('Live chat settings');
    fireEvent.change(await within(drawer).findByLabelText('Service email'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Service email is not a valid address')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect((await screen.findAllByText('Leave without saving?')).length).toBeGreaterThan(0);
  });
});
