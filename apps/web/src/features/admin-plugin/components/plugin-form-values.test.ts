import type { TAdminPluginDetail } from '@parlour/contract/calls/plugin';
import { ZPluginAddInput, ZPluginEditInput } from '@parlour/contract/calls/plugin';
import { describe, expect, it } from 'vitest';
import {
  initialPluginValues,
  isPriceValid,
  toMinorUnits,
  toPluginAddInput,
  toPluginEditInput,
  trialDaysError,
  type PluginFormValues,
} from './plugin-form-values';
import { moveItem } from './screenshots-field';

const filled: PluginFormValues = {
  code: ' live_chat ',
  name: { 'zh-CN': '在线客服', 'en-US': 'Live chat' },
  icon: '/uploads/0123456789abcdef0123456789abcdef.png',
  type_id: 2,
  package_ids: [1, 3],
  price: 99.9,
  currency: 'cny',
  trial_days: 7,
  status: 'listed',
  description: { 'zh-CN': '<p>实时<strong>聊天</strong></p>', 'en-US': '<p><br></p>' },
  screenshots: ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg', '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png'],
  video_url: ' https://video.example.com/chat.mp4 ',
  version: ' 1.2.0 ',
  changelog: { 'zh-CN': ' 首个版本 ', 'en-US': '  ' },
};

describe('plugin form values', () => {
  it('sends the price in minor units, the currency in capitals, trimmed texts and no empty English', () => {
    const input = toPluginAddInput(filled);
    expect(input).toEqual({
      code: 'live_chat',
      name: { 'zh-CN': '在线客服', 'en-US': 'Live chat' },
      icon: '/uploads/0123456789abcdef0123456789abcdef.png',
      type_id: 2,
      package_ids: [1, 3],
      price: 9990,
      currency: 'CNY',
      trial_days: 7,
      status: 'listed',
      description: { 'zh-CN': '<p>实时<strong>聊天</strong></p>', 'en-US': '' },
      screenshots: ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg', '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png'],
      video_url: 'https://video.example.com/chat.mp4',
      version: '1.2.0',
      changelog: { 'zh-CN': '首个版本', 'en-US': '' },
    });
    expect(ZPluginAddInput.safeParse(input).success).toBe(true);
  });

  it('edits without the code (it never changes), with the id', () => {
    const input = toPluginEditInput(5, filled);
    expect(input).not.toHaveProperty('code');
    expect(input).toMatchObject({ id: 5, price: 9990 });
    expect(ZPluginEditInput.safeParse(input).success).toBe(true);
  });

  it('rounds yuan to whole fen and keeps currencies without minor units whole', () => {
    expect(toMinorUnits(0.1 + 0.2, 'CNY')).toBe(30);
    expect(toMinorUnits(1999, 'JPY')).toBe(1999);
    expect(Number.isNaN(toMinorUnits(null, 'CNY'))).toBe(true);
  });

  it('takes a price from 0 (free) up to the maximum, refuses an empty or negative one', () => {
    expect(isPriceValid(0, 'CNY')).toBe(true);
    expect(isPriceValid(99.9, 'cny')).toBe(true);
    expect(isPriceValid(10_000_000, 'CNY')).toBe(true);
    expect(isPriceValid(10_000_000.01, 'CNY')).toBe(false);
    expect(isPriceValid(-1, 'CNY')).toBe(false);
    expect(isPriceValid(null, 'CNY')).toBe(false);
  });

  it('refuses trial days on a free plugin and out of range, in the interface language', () => {
    expect(trialDaysError(7, 99, 'CNY')).toBeUndefined();
    expect(trialDaysError(0, 0, 'CNY')).toBeUndefined();
    expect(trialDaysError(7, 0, 'CNY')).toBe('A free plugin has no trial days');
    expect(trialDaysError(91, 99, 'CNY')).toBe('Trial days must be a whole number from 0 to 90');
    expect(trialDaysError(1.5, 99, 'CNY')).toBe('Trial days must be a whole number from 0 to 90');
  });

  it('fills a new form as a listed free plugin, an edit form from the detail in major units', () => {
    expect(initialPluginValues(null)).toMatchObject({
      price: 0,
      currency: 'CNY',
      trial_days: 0,
      status: 'listed',
      package_ids: [],
      screenshots: [],
      version: '1.0.0',
    });
    const detail = {
      id: 5,
      code: 'live_chat',
      name: '在线客服',
      icon: '',
      type_id: 2,
      type_name: '客服',
      packages: [{ id: 1, name: '基础版' }],
      price: 9990,
      currency: 'CNY',
      is_free: false,
      trial_days: 7,
      status: 'unlisted',
      version: '1.2.0',
      install_count: 3,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
      description: '<p>x</p>',
      screenshots: [],
      video_url: '',
      changelog: '',
      localized: {
        name: { 'zh-CN': '在线客服', 'en-US': 'Live chat' },
        description: { 'zh-CN': '<p>x</p>', 'en-US': '' },
        changelog: { 'zh-CN': '', 'en-US': '' },
      },
    } satisfies TAdminPluginDetail;
    expect(initialPluginValues(detail)).toMatchObject({
      code: 'live_chat',
      price: 99.9,
      package_ids: [1],
      status: 'unlisted',
      name: { 'en-US': 'Live chat' },
    });
  });
});

describe('screenshot order', () => {
  it('moves a screenshot one place, and stays put at either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
