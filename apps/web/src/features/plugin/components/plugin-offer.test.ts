import { describe, expect, it } from 'vitest';
import { pluginActions, versionList, type OfferInput } from './plugin-offer';

const paid = (overrides: Partial<OfferInput> = {}): OfferInput => ({
  is_free: false,
  market_state: 'available',
  can_trial: false,
  unpaid_bill_no: null,
  ...overrides,
});

describe('pluginActions', () => {
  it('installs a free plugin, buys a paid one, and offers its trial once', () => {
    expect(pluginActions(paid({ is_free: true }))).toEqual(['install']);
    expect(pluginActions(paid())).toEqual(['buy']);
    expect(pluginActions(paid({ can_trial: true }))).toEqual(['buy', 'trial']);
  });

  it('buys a plugin during or after its trial, never tries it again', () => {
    expect(pluginActions(paid({ market_state: 'trial', can_trial: true }))).toEqual(['buy']);
    expect(pluginActions(paid({ market_state: 'trial_expired' }))).toEqual(['buy']);
  });

  it('pays the waiting bill instead of making another ("order exists")', () => {
    expect(pluginActions(paid({ unpaid_bill_no: 'B1', can_trial: true }))).toEqual(['pay', 'trial']);
    expect(pluginActions(paid({ market_state: 'trial_expired', unpaid_bill_no: 'B1' }))).toEqual(['pay']);
  });

  it('offers nothing for a plugin the store has, or one its version may not have', () => {
    for (const state of ['installed', 'purchased', 'version_unavailable'] as const) {
      expect(pluginActions(paid({ market_state: state, can_trial: true }))).toEqual([]);
      expect(pluginActions(paid({ market_state: state, is_free: true }))).toEqual([]);
    }
  });
});

describe('versionList', () => {
  it('names the versions as a list in the reader language', () => {
    const versions = [{ name: 'Professional' }, { name: 'Enterprise' }];
    expect(versionList(versions, 'en-US')).toBe('Professional or Enterprise');
    expect(versionList([{ name: '专业版' }, { name: '企业版' }], 'zh-CN')).toBe('专业版或企业版');
    expect(versionList([{ name: 'Enterprise' }], 'en-US')).toBe('Enterprise');
  });
});
