import type { TPublicSiteSettings } from '@parlour/contract/calls/site-settings';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presetPublicConfig } from '../lib/public-config';
import { lastDays } from './date-range-filter';
import { TrafficTimeFilter } from './traffic-time-filter';

const SITE: TPublicSiteSettings = {
  site_name: 'Parlour',
  domain: '',
  keywords: '',
  description: '',
  logo: '',
  ico: '',
  record_number: '',
  copyright: '',
  service_phone: '',
  business_time_zone: 'Asia/Shanghai',
};

/**
 * The browser runs in Los Angeles, where 2026-01-01T17:30Z is 09:30 on January 1st; in the
 * business time zone (Shanghai) it is already 01:30 on January 2nd, and that is the day the filters count.
 */
describe('traffic time filter: days of the business time zone', () => {
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = browserZone;
  });
  const at = (instant: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  };

  it('starts a custom range from the last 7 Shanghai days and says which zone it counts', () => {
    at('2026-01-01T17:30:00Z');
    expect(new Date().getDate()).toBe(1);
    presetPublicConfig(SITE);
    const onChange = vi.fn();
    render(<TrafficTimeFilter value={{ time_range: 'today' }} onChange={onChange} />);
    expect(screen.getByText('Times and days in Asia/Shanghai (UTC+08:00)')).toBeTruthy();
    fireEvent.click(screen.getByText('Custom'));
    expect(onChange).toHaveBeenCalledWith({ time_range: 'custom', start_date: '2025-12-27', end_date: '2026-01-02' });
  });

  it('follows the zone the operator set (UTC here), and the default before the configuration loads', () => {
    at('2026-01-01T17:30:00Z');
    presetPublicConfig({ ...SITE, business_time_zone: 'UTC' });
    const onChange = vi.fn();
    render(<TrafficTimeFilter value={{ time_range: 'today' }} onChange={onChange} />);
    expect(screen.getByText('Times and days in UTC (UTC+00:00)')).toBeTruthy();
    fireEvent.click(screen.getByText('Custom'));
    expect(onChange).toHaveBeenCalledWith({ time_range: 'custom', start_date: '2025-12-26', end_date: '2026-01-01' });
  });

  it('gives the date range presets in Shanghai days', () => {
    at('2026-01-01T16:00:00Z');
    expect(lastDays(1, 'Asia/Shanghai')).toEqual({ start_date: '2026-01-02', end_date: '2026-01-02' });
    expect(lastDays(30, 'Asia/Shanghai')).toEqual({ start_date: '2025-12-04', end_date: '2026-01-02' });
    at('2026-01-01T15:59:59Z');
    expect(lastDays(7, 'Asia/Shanghai')).toEqual({ start_date: '2025-12-26', end_date: '2026-01-01' });
  });

  it('shows the zone in Chinese too', async () => {
    at('2026-01-01T17:30:00Z');
    presetPublicConfig(SITE);
    const { i18n } = await import('../lib/i18n');
    await i18n.changeLanguage('zh-CN');
    render(<TrafficTimeFilter value={{ time_range: 'today' }} />);
    expect(screen.getByText('时间和日期均按 Asia/Shanghai (UTC+08:00)')).toBeTruthy();
  });
});
