import {
  OPEN_API_LOG_ERRORS,
  type TAdminApiLogDetail,
  type TApiLog,
  type TApiLogDetail,
} from '@parlour/contract/calls/traffic-report';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderPage } from '@/test/render';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';
import { ApiLogDrawer } from './api-log-drawer';
import { ApiLogTable } from './api-log-table';
import { apiLabel, logOutcomeLabel } from './traffic-labels';

const LOG: TApiLog = {
  id: 41,
  created_at: '2026-11-22T08:30:00.000Z',
  merchant_id: 7,
  shop_id: 'lucyshop',
  shop_name: 'Lucy Shop',
  platform: 'jd',
  api_code: 'item_get',
  api_name: '商品详情',
  package_id: null,
  package_name: '',
  consume_source: null,
  status: 'rejected',
  charged_units: 0,
  response_ms: 3,
  source: 'api_key',
  cache_state: 'live',
};
const REJECTED: TApiLogDetail = {
  ...LOG,
  finished_at: LOG.created_at,
  request_params: {},
  error: 'OPEN_API_DISABLED',
  error_code: 'OPEN_API_DISABLED',
};

describe('traffic log labels', { timeout: 20_000 }, () => {
  it('has a translated label for every outcome code the Open API logs, in both languages', () => {
    for (const catalogue of [enUS, zhCN]) {
      for (const code of OPEN_API_LOG_ERRORS) {
        const label = (catalogue.trafficReport.outcome as Record<string, string>)[code];
        expect(label, code).toBeTruthy();
        expect(label).not.toContain(code);
      }
      expect(catalogue.trafficReport.outcome.unknown).toBeTruthy();
    }
  });

  it('falls back to a generic label for an unknown code or free text, and for an API without a name', () => {
    const t = i18n.getFixedT('en-US');
    expect(logOutcomeLabel(t, 'OPEN_API_DISABLED')).toEqual({ label: 'API not available', isKnown: true });
    expect(logOutcomeLabel(t, 'SOMETHING_NEW')).toEqual({ label: 'Other error', isKnown: false });
    expect(logOutcomeLabel(t, null)).toEqual({ label: 'Other error', isKnown: false });
    expect(apiLabel(t, 'item_get', '商品详情')).toBe('Item details');
    expect(apiLabel(t, 'shop_items', '店铺商品')).toBe('店铺商品');
    expect(apiLabel(t, 'shop_items', 'shop_items')).toBe('Unnamed API');
    expect(apiLabel(t, 'shop_items', '')).toBe('Unnamed API');
  });

  it('shows consume source and package name as two columns', async () => {
    renderPage(
      <ApiLogTable
        listId="test.logs"
        logs={[
          LOG,
          {
            ...LOG,
            id: 40,
            status: 'success',
            package_id: 3,
            package_name: '标准包',
            consume_source: 'store_package',
            charged_units: 1,
          },
        ]}
        total={2}
        isLoading={false}
        page={1}
        pageSize={20}
        onPageChange={vi.fn()}
        onDetail={vi.fn()}
      />,
      { path: '/merchant/traffic' },
    );
    expect(await screen.findByRole('columnheader', { name: 'Consume source' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Package' })).toBeTruthy();
    const charged = screen.getByText('Store package').closest('tr') as HTMLElement;
    // Merchants see the package's name, never its internal ID.
    expect(within(charged).getByText('标准包')).toBeTruthy();
    expect(charged.textContent).not.toContain('#3');
    const rejected = screen.getByText('Rejected').closest('tr') as HTMLElement;
    expect(within(rejected).getByText('Not charged')).toBeTruthy();
  });

  it('tells a merchant why a call failed in words, never as a raw code', async () => {
    renderPage(<ApiLogDrawer isOpen detail={REJECTED} isLoading={false} onClose={vi.fn()} />, {
      path: '/merchant/traffic',
    });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('API not available')).toBeTruthy();
    expect(within(drawer).getByText('Item details')).toBeTruthy();
    expect(drawer.textContent).not.toContain('OPEN_API_DISABLED');
    expect(drawer.textContent).not.toContain('item_get');
  });

  it('shows an operator the code in small print beside the translated outcome', async () => {
    const detail: TAdminApiLogDetail = {
      ...REJECTED,
      merchant_account: 'lucy@example.com',
      merchant_name: 'Lucy',
      error: 'OPEN_PARAMS_INVALID: num_iid is required',
      error_code: 'OPEN_PARAMS_INVALID',
    };
    renderPage(<ApiLogDrawer isOpen detail={detail} isLoading={false} onClose={vi.fn()} />, { path: '/admin/traffic' });
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Invalid parameters')).toBeTruthy();
    expect(within(drawer).getByText('Code OPEN_PARAMS_INVALID')).toBeTruthy();
    expect(within(drawer).getByText('OPEN_PARAMS_INVALID: num_iid is required')).toBeTruthy();
    expect(within(drawer).getByText('Code item_get')).toBeTruthy();
  });
});
