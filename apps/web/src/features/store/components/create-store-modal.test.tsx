import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { bodiesOf, makeVersion } from '@/test/merchant-fixtures';
import { renderPage } from '@/test/render';
import StoreListPage from '../pages/store-list-page';
import { CreateStoreModal, type CreateMode } from './create-store-modal';

const VERSIONS = [makeVersion(), makeVersion({ id: 3, name: 'Basic', trial_days: 0 })];

function answerVersions(allowance: { is_trial_available: boolean; store_limit: number; store_count: number }) {
  return mockFetch((path) => {
    if (path === 'merchant/parlour/package/lists')
      return { code: 200, data: { list: VERSIONS, total: VERSIONS.length, ...allowance } };
    // Create and pay offers the methods the server offers (docs/payments.md).
    if (path === 'merchant/payment/methods') return { code: 200, data: { list: ['wechat', 'alipay', 'paypal'] } };
    return { code: 10004, msg: `no answer for ${path}` };
  });
}

function renderModal(mode: CreateMode) {
  const onModeChange = vi.fn();
  renderPage(<CreateStoreModal mode={mode} onClose={vi.fn()} onModeChange={onModeChange} onTrialCreated={vi.fn()} />, {
    path: '/merchant/store',
  });
  return { onModeChange };
}

async function openVersions(dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByLabelText('Version'));
  // The options render in a portal; each carries its version's title.
  await screen.findByTitle('Basic');
}

function option(name: string) {
  return screen.getByTitle(name).closest('.ant-select-item-option') as HTMLElement;
}

describe('create store: what the merchant may create is said before the form is filled', { timeout: 20_000 }, () => {
  it('marks a version without a trial as such and keeps the others pickable', async () => {
    answerVersions({ is_trial_available: true, store_limit: 5, store_count: 1 });
    recordFeedback();
    renderModal('trial');
    const dialog = await screen.findByRole('dialog');
    await openVersions(dialog);
    expect(option('Basic').className).toContain('disabled');
    expect(within(option('Basic')).getByText('No trial for this version')).toBeTruthy();
    expect(option('Professional').className).not.toContain('disabled');
    expect(within(option('Professional')).getByText('14-day trial')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false);
  });

  it('says the trial is used, disables every trial option and the submit, and offers create and pay', async () => {
    answerVersions({ is_trial_available: false, store_limit: 5, store_count: 1 });
    recordFeedback();
    const { onModeChange } = renderModal('trial');
    const dialog = await screen.findByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('You have used your trial')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveProperty('disabled', true);
    await openVersions(dialog);
    expect(option('Professional').className).toContain('disabled');
    expect(within(option('Professional')).getByText('You have used your trial')).toBeTruthy();
    expect(within(option('Basic')).getByText('No trial for this version')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Create and pay' }));
    expect(onModeChange).toHaveBeenCalledWith('buy');
  });

  it('does not hold a used trial against create and pay', async () => {
    answerVersions({ is_trial_available: false, store_limit: 5, store_count: 1 });
    recordFeedback();
    renderModal('buy');
    const dialog = await screen.findByRole('dialog');
    await openVersions(dialog);
    expect(option('Professional').className).not.toContain('disabled');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Go to payment' })).toHaveProperty('disabled', false);
  });

  it('says the store limit with its number and lets nothing be submitted at the limit', async () => {
    const { calls } = answerVersions({ is_trial_available: true, store_limit: 5, store_count: 5 });
    recordFeedback();
    renderModal('buy');
    const dialog = await screen.findByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('You have reached the limit of 5 stores')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Go to payment' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(submit);
    await waitFor(() => expect(bodiesOf(calls, 'merchant/parlour/shop/buy')).toHaveLength(0));
  });
});

describe('create store from a link', { timeout: 20_000 }, () => {
  it('opens the trial dialog from ?create=trial and drops the query when closed', async () => {
    mockFetch((path) => {
      if (path === 'merchant/parlour/package/lists')
        return {
          code: 200,
          data: { list: VERSIONS, total: 2, is_trial_available: true, store_limit: 5, store_count: 0 },
        };
      if (path === 'merchant/parlour/shop/lists')
        return {
          code: 200,
          data: { list: [], total: 0, counts: { all: 0, operating: 0, disabled: 0, pending_renewal: 0 } },
        };
      if (path === 'merchant/cms/notification/unread_lists')
        return { code: 200, data: { list: [], total: 0, unread_count: 0 } };
      return { code: 10004, msg: `no answer for ${path}` };
    });
    recordFeedback();
    const { router } = renderPage(<StoreListPage />, { path: '/merchant/store', url: '/merchant/store?create=trial' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create a trial store')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
