import type { TDomain, TDomainList } from '@parlour/contract/calls/domain';
import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf } from '@/test/merchant-fixtures';
import { storeAddress } from '@/lib/store-address';
import { renderPage } from '@/test/render';
import { DomainAddSteps } from './domain-add-steps';
import { DomainList } from './domain-list';

function makeDomain(overrides: Partial<TDomain> = {}): TDomain {
  return {
    id: 1,
    shop_id: 'lucyshop',
    domain: 'lucyshop.localhost',
    display_domain: 'lucyshop.localhost',
    type: 'system',
    status: 'bound',
    is_primary: true,
    is_redirect: false,
    is_apex: false,
    created_at: '2025-03-01T00:00:00.000Z',
    verified_at: '2025-03-01T00:00:00.000Z',
    last_checked_at: null,
    next_check_at: null,
    failure_reason: null,
    failure_message: '',
    records: [],
    ...overrides,
  };
}

const binding = makeDomain({
  id: 2,
  domain: 'www.lucy.com',
  display_domain: 'www.lucy.com',
  type: 'manual',
  status: 'binding',
  is_primary: false,
  verified_at: null,
  next_check_at: '2025-03-01T00:05:00.000Z',
  records: [
    { type: 'CNAME', name: 'www.lucy.com', value: 'lucyshop.localhost' },
    { type: 'TXT', name: '_parlour-verify.www.lucy.com', value: 'parlour-verify-abc' },
  ],
});

function listOf(domains: TDomain[], limit = 3): TDomainList {
  return {
    list: domains,
    total: domains.length,
    shop_id: 'lucyshop',
    shop_name: 'Lucy Shop',
    system_domain: 'lucyshop.localhost',
    limit,
    dns_propagation_minutes: 10,
  };
}

const renderSteps = (query: string) =>
  renderPage(<DomainAddSteps role="merchant" />, {
    path: '/merchant/setting/domain_add',
    url: `/merchant/setting/domain_add?${query}`,
  });

describe('add-domain steps', { timeout: 20_000 }, () => {
  it('step 1 names the field in its messages, shows the server refusal on the field, and moves to step 2 with the domain in the URL', async () => {
    let domains = [makeDomain()];
    const { calls } = mockFetch((path, body) => {
      if (path === 'merchant/parlour/domain/lists') return { code: 200, data: listOf(domains) };
      if (path === 'merchant/parlour/domain/add') {
        const { domain } = body as { domain: string };
        if (domain === 'www.parlour.test')
          return {
            code: ErrorCode.VALIDATION_FAILED,
            msg: "Domain cannot be one of the platform's own hosts",
            data: { errors: [{ field: 'domain', message: "Domain cannot be one of the platform's own hosts" }] },
          };
        domains = [...domains, binding];
        return { code: 200, data: binding };
      }
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    const { router } = renderSteps('shop_id=lucyshop');
    expect(await screen.findByText('Lucy Shop (lucyshop)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Domain is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'www.parlour.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("Domain cannot be one of the platform's own hosts")).toBeTruthy();
    // Shown on the field, not as a passing message.
    expect(feedback.error).not.toHaveBeenCalledWith("Domain cannot be one of the platform's own hosts");

    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'www.lucy.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?shop_id=lucyshop&domain=www.lucy.com'));
    expect(bodiesOf(calls, 'merchant/parlour/domain/add').at(-1)).toEqual({
      shop_id: 'lucyshop',
      domain: 'www.lucy.com',
      lang_code: 'en-US',
    });
    expect(
      await screen.findByRole('heading', { name: 'Create these DNS records for www.lucy.com at your DNS provider' }),
    ).toBeTruthy();
  });

  it('an apex lists the A/AAAA records of the platform addresses, or, when none are published, says so and lists no CNAME', async () => {
    const apex = (records: TDomain['records']) =>
      makeDomain({
        ...binding,
        id: 3,
        domain: 'lucy.com',
        display_domain: 'lucy.com',
        is_apex: true,
        records: [...records, { type: 'TXT', name: '_parlour-verify.lucy.com', value: 'parlour-verify-abc' }],
      });
    let current = apex([{ type: 'A', name: 'lucy.com', value: '203.0.113.10' }]);
    mockFetch((path) =>
      path === 'merchant/parlour/domain/lists' ? { code: 200, data: listOf([makeDomain(), current]) } : { code: 10004 },
    );
    const first = renderSteps('shop_id=lucyshop&domain=lucy.com');
    expect(await screen.findByText(/create the A\/AAAA records below/)).toBeTruthy();
    expect(screen.getAllByText('203.0.113.10').length).toBeGreaterThan(0);
    expect(screen.queryByText('This root domain cannot point at the store yet')).toBeNull();
    first.unmount();

    current = apex([]);
    renderSteps('shop_id=lucyshop&domain=lucy.com');
    const warning = (await screen.findByText('This root domain cannot point at the store yet')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(warning.textContent).toContain('the platform operator has not published them');
    expect(warning.textContent).toContain('www.lucy.com');
    expect(screen.queryByText('CNAME')).toBeNull();
    expect(screen.queryByText(/create the A\/AAAA records below/)).toBeNull();
    expect(screen.getAllByText('TXT').length).toBeGreaterThan(0);
  });

  it("step 2 lists the records with copy buttons, says a failed check's reason, and completes once bound", async () => {
    let current = binding;
    mockFetch((path) => {
      if (path === 'merchant/parlour/domain/lists') return { code: 200, data: listOf([makeDomain(), current]) };
      if (path === 'merchant/parlour/domain/check') {
        if (current.failure_reason === null) {
          current = {
            ...binding,
            failure_reason: 'txt_missing',
            failure_message: 'The _parlour-verify TXT verification record was not found',
            last_checked_at: '2025-03-01T00:01:00.000Z',
          };
          return {
            code: ErrorCode.DOMAIN_VERIFICATION_FAILED,
            msg: 'Domain verification failed: …',
            data: { reason: 'txt_missing', detail: '', domain: current },
          };
        }
        current = {
          ...binding,
          status: 'bound',
          verified_at: '2025-03-01T00:02:00.000Z',
          failure_reason: null,
          failure_message: '',
        };
        return { code: 200, data: current };
      }
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    renderSteps('shop_id=lucyshop&domain=www.lucy.com');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('parlour-verify-abc')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Copy Value' })).toHaveLength(2);
    expect(screen.getByText(/DNS changes take about 10 minutes/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Check/ }));
    expect((await screen.findByTestId('domain-failure-reason')).textContent).toBe(
      'The _parlour-verify TXT verification record was not found',
    );
    expect(feedback.error).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /Check/ }));
    expect(await screen.findByText('www.lucy.com is bound')).toBeTruthy();
    expect(screen.getByText('What happens next')).toBeTruthy();
    expect(feedback.success).toHaveBeenCalledWith('www.lucy.com is verified and bound');
  });

  it('lands on the step the domain is at, in Chinese too', async () => {
    void i18n.changeLanguage('zh-CN');
    mockFetch(() => ({
      code: 200,
      data: listOf([makeDomain(), { ...binding, status: 'bound', verified_at: '2025-03-01T00:02:00.000Z' }]),
    }));
    renderSteps('shop_id=lucyshop&domain=www.lucy.com');
    expect(await screen.findByText('www.lucy.com 已绑定')).toBeTruthy();
    expect(screen.getByText('接下来')).toBeTruthy();
  });
});

describe('domain list', { timeout: 20_000 }, () => {
  it('links each bound domain (system and custom) to the store in a new tab, and not a binding one', async () => {
    const idn = makeDomain({
      id: 3,
      domain: 'shop.xn--fsqu00a.com',
      display_domain: 'shop.例子.com',
      type: 'manual',
      is_primary: false,
      verified_at: '2025-03-01T00:03:00.000Z',
    });
    mockFetch((path) =>
      path === 'merchant/parlour/domain/lists'
        ? { code: 200, data: listOf([makeDomain(), idn, binding]) }
        : { code: 10004 },
    );
    renderPage(<DomainList role="merchant" shopId="lucyshop" />, {
      path: '/merchant/setting/domain',
      url: '/merchant/setting/domain?shop_id=lucyshop',
    });

    const system = (await screen.findAllByRole('link', { name: 'lucyshop.localhost' }))[0]!;
    expect(system.getAttribute('href')).toBe(storeAddress('lucyshop.localhost'));
    expect(system.getAttribute('target')).toBe('_blank');
    expect(system.getAttribute('rel')).toContain('noopener');
    // An internationalised name reads in Unicode and opens its punycode host.
    const custom = screen.getAllByRole('link', { name: 'shop.例子.com' })[0]!;
    expect(custom.getAttribute('href')).toBe(storeAddress('shop.xn--fsqu00a.com'));
    expect(custom.getAttribute('target')).toBe('_blank');
    expect(custom.getAttribute('rel')).toContain('noopener');
    expect(custom.getAttribute('title')).toBe('Open the store at shop.例子.com in a new tab');
    // Binding: its records are not in place yet, so it is plain text.
    expect(screen.getAllByText('www.lucy.com').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'www.lucy.com' })).toBeNull();
  });

  it('disables "Add domain" at the store\'s maximum and makes a bound domain primary after a confirmation', async () => {
    const bound = { ...binding, status: 'bound' as const, verified_at: '2025-03-01T00:02:00.000Z' };
    const { calls } = mockFetch((path) => {
      if (path === 'merchant/parlour/domain/lists') return { code: 200, data: listOf([makeDomain(), bound], 1) };
      if (path === 'merchant/parlour/domain/change_main') return { code: 200, data: { ...bound, is_primary: true } };
      return { code: 10004 };
    });
    recordFeedback();
    renderPage(<DomainList role="merchant" shopId="lucyshop" />, {
      path: '/merchant/setting/domain',
      url: '/merchant/setting/domain?shop_id=lucyshop',
    });
    expect((await screen.findAllByText(/This store has reached its limit of 1 custom domains/)).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByText('Add domain').closest('a')?.getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Make primary' }));
    // The confirmation's own button (the popover comes after the row's).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Make primary' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Make primary' })[1]!);
    await waitFor(() =>
      expect(bodiesOf(calls, 'merchant/parlour/domain/change_main')).toEqual([{ id: 2, lang_code: 'en-US' }]),
    );
  });
});
