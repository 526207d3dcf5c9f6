import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

/** Intl puts a no-break space between an ISO code and the figure. */
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('shows minor units as a currency amount in the given language; CNY with its symbol', () => {
    expect(formatMoney(129_900, 'CNY', 'zh-CN')).toBe('¥1,299.00');
    expect(formatMoney(129_900, 'CNY', 'en-US')).toBe('CN¥1,299.00');
  });

  it('shows any other currency with its ISO code in both languages, never a bare "$" or "¥"', () => {
    for (const lang of ['en-US', 'zh-CN']) {
      expect(formatMoney(1_234, 'USD', lang)).toBe(`USD${NBSP}12.34`);
      expect(formatMoney(5, 'USD', lang)).toBe(`USD${NBSP}0.05`);
      expect(formatMoney(1_234_567, 'EUR', lang)).toBe(`EUR${NBSP}12,345.67`);
      expect(formatMoney(1_234, 'HKD', lang)).toBe(`HKD${NBSP}12.34`);
    }
    expect(formatMoney(1_234, 'usd', 'en-US')).toBe(`USD${NBSP}12.34`);
  });

  it('knows currencies without cents or with three decimals', () => {
    expect(formatMoney(1_500, 'JPY', 'en-US')).toBe(`JPY${NBSP}1,500`);
    expect(formatMoney(1_500, 'JPY', 'zh-CN')).toBe(`JPY${NBSP}1,500`);
    expect(formatMoney(1_500, 'KWD', 'en-US')).toBe(`KWD${NBSP}1.500`);
  });

  it('still shows the figure for a code Intl does not know', () => {
    expect(formatMoney(1_234, 'ZZ1', 'en-US')).toBe('ZZ1 12.34');
  });

  it('uses the interface language by default', () => {
    expect(formatMoney(100, 'CNY')).toBe('CN¥1.00');
  });
});
