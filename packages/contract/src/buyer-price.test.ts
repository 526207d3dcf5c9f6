import { describe, expect, it } from 'vitest';
import { buyerPriceFen, convertFen, formatMoney, withMarkup } from './buyer-price';

describe('buyer prices', () => {
  it('adds the markup percent, at least the minimum per item, rounded up to the fen', () => {
    expect(withMarkup(3900, { percent: 10, minimum: 0 })).toBe(4290);
    expect(withMarkup(3900, { percent: 10, minimum: 500 })).toBe(4400);
    expect(withMarkup(3333, { percent: 10, minimum: 0 })).toBe(3667);
    expect(withMarkup(3900, { percent: 0, minimum: 0 })).toBe(3900);
  });

  it('adds China freight at cost after the markup when the store adds it and the marketplace names it', () => {
    const markup = { percent: 10, minimum: 500 };
    // ¥39.00 + 10 % (at least ¥5) = ¥44.00, + ¥8.00 freight = ¥52.00: the freight is not marked up.
    expect(buyerPriceFen(3900, { markup, addsChinaFreight: true }, 800)).toBe(5200);
    // Switched off: the freight is shown apart, not added.
    expect(buyerPriceFen(3900, { markup, addsChinaFreight: false }, 800)).toBe(4400);
    // Unknown freight adds nothing; free shipping (0) adds nothing; a negative figure is never a discount.
    expect(buyerPriceFen(3900, { markup, addsChinaFreight: true }, null)).toBe(4400);
    expect(buyerPriceFen(3900, { markup, addsChinaFreight: true })).toBe(4400);
    expect(buyerPriceFen(3900, { markup, addsChinaFreight: true }, 0)).toBe(4400);
    expect(buyerPriceFen(3900, { markup, addsChinaFreight: true }, -100)).toBe(4400);
  });

  it('converts exactly and rounds up to the step the merchant chose', () => {
    // ¥39.00 at 0.1381 = US$5.3859
    expect(convertFen(3900, 'USD', '0.1381', 'cent')).toBe(539);
    expect(convertFen(3900, 'USD', '0.1381', 'tenth')).toBe(540);
    expect(convertFen(3900, 'USD', '0.1381', 'whole')).toBe(600);
    expect(convertFen(3900, 'USD', '0.1381', 'ninety_nine')).toBe(599);
    // An exact result is not pushed up: ¥100.00 at 0.1 = US$10.00.
    expect(convertFen(10000, 'USD', '0.1', 'cent')).toBe(1000);
    expect(convertFen(10000, 'USD', '0.1', 'whole')).toBe(1000);
    // X.99 itself stays; 10.00 goes to 10.99.
    expect(convertFen(9990, 'USD', '0.1', 'ninety_nine')).toBe(999);
    expect(convertFen(10000, 'USD', '0.1', 'ninety_nine')).toBe(1099);
  });

  it('uses each currency’s exponent: JPY, KRW and VND have no minor units', () => {
    // ¥39.00 CNY at 20.95 JPY = ¥817.05 → 818 yen (cent and tenth are whole yen)
    expect(convertFen(3900, 'JPY', '20.95', 'cent')).toBe(818);
    expect(convertFen(3900, 'JPY', '20.95', 'tenth')).toBe(818);
    expect(convertFen(3900, 'JPY', '20.95', 'whole')).toBe(818);
    expect(convertFen(3900, 'JPY', '20.95', 'ninety_nine')).toBe(819);
    expect(convertFen(3900, 'KRW', '190.12345678', 'whole')).toBe(7415);
    expect(convertFen(3900, 'VND', '3500', 'whole')).toBe(136500);
    expect(convertFen(3900, 'CNY', 'ignored', 'whole')).toBe(3900);
    expect(() => convertFen(3900, 'USD', '0', 'cent')).toThrow(RangeError);
    expect(() => convertFen(3900, 'USD', '-1', 'cent')).toThrow(RangeError);
  });

  it('formats in the buyer’s language with the currency’s own decimals', () => {
    expect(formatMoney(599, 'USD', 'en-US')).toBe('$5.99');
    expect(formatMoney(818, 'JPY', 'en-US')).toBe('¥818');
    expect(formatMoney(3900, 'CNY', 'en-US')).toBe('CN¥39.00');
    expect(formatMoney(3900, 'CNY', 'zh-CN')).toBe('¥39.00');
    expect(formatMoney(136500, 'VND', 'en-US')).toBe('₫136,500');
  });
});
