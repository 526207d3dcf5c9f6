import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows minor units as a currency amount in the given language', () => {
    expect(formatMoney(129_900, 'CNY', 'zh-CN')).toBe('¥1,299.00');
    expect(formatMoney(129_900, 'CNY', 'en-US')).toBe('CN¥1,299.00');
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05');
  });

  it('knows currencies without cents', () => {
    expect(formatMoney(1_500, 'JPY', 'en-US')).toBe('¥1,500');
  });

  it('uses the interface language by default', () => {
    expect(formatMoney(100, 'CNY')).toBe('CN¥1.00');
  });
});
