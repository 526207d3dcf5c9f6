import { describe, expect, it } from 'vitest';
import { LOG_PLATFORMS } from './constants';
import {
  MARKETPLACE_INPUT_MAX,
  type MarketplaceInput,
  type MarketplacePlatform,
  marketplaceItemUrl,
  parseMarketplaceInput,
} from './marketplace-link';

const item = (platform: MarketplacePlatform, itemId: string): MarketplaceInput => ({ kind: 'item', platform, itemId });
const shortLink = (platform: MarketplacePlatform, text: string): MarketplaceInput => ({
  kind: 'needs_resolve',
  platform,
  form: 'short_link',
  text,
});
const shareCode = (text: string): MarketplaceInput => ({
  kind: 'needs_resolve',
  platform: 'taobao',
  form: 'share_code',
  text,
});
const unknown = (url: string): MarketplaceInput => ({ kind: 'unknown_link', url });
const keyword = (text: string): MarketplaceInput => ({ kind: 'keyword', keyword: text });

const CASES: [string, MarketplaceInput][] = [
  // Taobao and Tmall, desktop
  ['https://item.taobao.com/item.htm?id=681234567890', item('taobao', '681234567890')],
  [
    'https://item.taobao.com/item.htm?spm=a21n57.1.0.0.5b3b523cAbCdEf&id=681234567890&ns=1&abbucket=8#detail',
    item('taobao', '681234567890'),
  ],
  [
    'https://detail.tmall.com/item.htm?id=612345678901&skuId=4987654321012&spm=a1z10.3-b-s.w4011-123.1',
    item('taobao', '612345678901'),
  ],
  ['https://detail.tmall.com/item.htm?skuId=4987654321012&id=612345678901', item('taobao', '612345678901')],
  ['https://detail.tmall.hk/hk/item.htm?id=598765432101&spm=a1z10', item('taobao', '598765432101')],
  ['https://chaoshi.detail.tmall.com/item.htm?id=601234567890&spm=a3204.7933263', item('taobao', '601234567890')],
  ['https://world.taobao.com/item/654321987012.htm?spm=a21wu.12321156', item('taobao', '654321987012')],
  ['https://ai.taobao.com/search/index.htm?num_iid=681234567890', item('taobao', '681234567890')],
  ['https://uland.taobao.com/item/edetail?item_id=681234567890', item('taobao', '681234567890')],
  // Taobao and Tmall, mobile
  ['https://m.intl.taobao.com/detail/detail.html?id=681234567890', item('taobao', '681234567890')],
  ['https://h5.m.taobao.com/awp/core/detail.htm?id=681234567890&ft=t', item('taobao', '681234567890')],
  ['http://a.m.taobao.com/i681234567890.htm', item('taobao', '681234567890')],
  [
    'https://market.m.taobao.com/app/dinamic/h5-tb-detail/index.html?itemId=681234567890',
    item('taobao', '681234567890'),
  ],
  ['https://detail.m.tmall.com/item.htm?id=612345678901', item('taobao', '612345678901')],
  // Taobao as typed or pasted
  ['item.taobao.com/item.htm?id=681234567890', item('taobao', '681234567890')],
  ['HTTPS://ITEM.TAOBAO.COM/item.htm?ID=681234567890', item('taobao', '681234567890')],
  ['<a href="https://item.taobao.com/item.htm?spm=a1z10&amp;id=681234567890">宝贝</a>', item('taobao', '681234567890')],
  ['看看这个：https://detail.tmall.com/item.htm?id=612345678901】', item('taobao', '612345678901')],
  // Taobao share text, short links and 淘口令
  [
    '【淘宝】https://m.tb.cn/h.5Xyz123?tk=abcd CZ0001 「2026新款纯棉短袖T恤」点击链接直接打开 或者 淘宝搜索直接打开',
    shortLink('taobao', 'https://m.tb.cn/h.5Xyz123?tk=abcd'),
  ],
  ['https://e.tb.cn/h.gUaBcDeF?tk=Xy12Ab', shortLink('taobao', 'https://e.tb.cn/h.gUaBcDeF?tk=Xy12Ab')],
  ['【天猫】m.tb.cn/h.UZ8Ysdf 「夏季新款」', shortLink('taobao', 'https://m.tb.cn/h.UZ8Ysdf')],
  [
    'https://s.click.taobao.com/t?e=m%3D2%26s%3DabcDEF',
    shortLink('taobao', 'https://s.click.taobao.com/t?e=m%3D2%26s%3DabcDEF'),
  ],
  ['复制这条信息￥AbCd1234XyZ￥后打开👉手淘👈', shareCode('￥AbCd1234XyZ￥')],
  ['$AbCd1234XyZ$', shareCode('$AbCd1234XyZ$')],
  ['9€hZx7cH5LqLk€/', shareCode('€hZx7cH5LqLk€')],
  ['₤AbCdEfGhIjK₤ 打开淘宝', shareCode('₤AbCdEfGhIjK₤')],
  ['【淘宝】(AbCd1234XyZ) 复制后打开淘宝查看', shareCode('(AbCd1234XyZ)')],
  ['(AbCd1234XyZ)', shareCode('(AbCd1234XyZ)')],
  // Taobao links that name no item
  [
    'https://item.taobao.com/item.htm?spm=a1z10.1&skuId=4987654321012',
    unknown('https://item.taobao.com/item.htm?spm=a1z10.1&skuId=4987654321012'),
  ],
  ['https://item.taobao.com/item.htm?id=1234', unknown('https://item.taobao.com/item.htm?id=1234')],
  ['https://item.taobao.com/item.htm?id=68123abc', unknown('https://item.taobao.com/item.htm?id=68123abc')],
  [
    'https://s.taobao.com/search?q=%E8%BF%9E%E8%A1%A3%E8%A3%99',
    unknown('https://s.taobao.com/search?q=%E8%BF%9E%E8%A1%A3%E8%A3%99'),
  ],
  ['https://2.taobao.com/item.htm?id=681234567890', unknown('https://2.taobao.com/item.htm?id=681234567890')],
  ['https://www.taobao.com', unknown('https://www.taobao.com/')],
  ['taobao.com', unknown('https://taobao.com/')],
  ['https://m.tb.cn/', unknown('https://m.tb.cn/')],
  // Look-alike hosts
  [
    'https://item.taobao.com.evil.example/item.htm?id=681234567890',
    unknown('https://item.taobao.com.evil.example/item.htm?id=681234567890'),
  ],
  [
    'https://item.taobao.com@evil.example/item.htm?id=681234567890',
    unknown('https://item.taobao.com@evil.example/item.htm?id=681234567890'),
  ],
  ['https://notjd.com/100012043978.html', unknown('https://notjd.com/100012043978.html')],
  // 1688
  ['https://detail.1688.com/offer/712345678901.html?spm=a26352.13672862.offerlist.1', item('1688', '712345678901')],
  ['https://m.1688.com/offer/712345678901.html', item('1688', '712345678901')],
  ['https://detail.m.1688.com/page/index.html?offerId=712345678901&sortType=', item('1688', '712345678901')],
  ['https://dj.1688.com/ci_bb?a=1&offerId=712345678901', item('1688', '712345678901')],
  ['detail.1688.com/offer/712345678901.html。', item('1688', '712345678901')],
  [
    '【1688】复制这条信息，打开1688 app查看 https://qr.1688.com/s/abcDEF 或打开1688搜索',
    shortLink('1688', 'https://qr.1688.com/s/abcDEF'),
  ],
  ['https://shop1234567.1688.com/page/offerlist.htm', unknown('https://shop1234567.1688.com/page/offerlist.htm')],
  ['https://qr.1688.com/', unknown('https://qr.1688.com/')],
  // JD
  ['https://item.jd.com/100012043978.html', item('jd', '100012043978')],
  ['item.jd.com/100012043978.html', item('jd', '100012043978')],
  ['ITEM.JD.COM/100012043978.HTML', item('jd', '100012043978')],
  ['“https://item.jd.com/100012043978.html”', item('jd', '100012043978')],
  ['(see https://item.jd.com/100012043978.html).', item('jd', '100012043978')],
  ['（https://item.jd.com/100012043978.html）', item('jd', '100012043978')],
  [
    '【京东】https://item.m.jd.com/product/100012043978.html?utm_source=iosapp&utm_medium=appshare&utm_campaign=t_335139774&utm_term=CopyURL 好物分享 😍',
    item('jd', '100012043978'),
  ],
  ['https://item.m.jd.com/ware/view.action?wareId=100012043978', item('jd', '100012043978')],
  ['https://npcitem.jd.hk/100012043978.html', item('jd', '100012043978')],
  ['https://item.jd.hk/100012043978.html', item('jd', '100012043978')],
  ['https://wqitem.jd.com/item/view?sku=100012043978', item('jd', '100012043978')],
  ['https://3.cn/1X-abcdE', shortLink('jd', 'https://3.cn/1X-abcdE')],
  ['京东好物 https://u.jd.com/AbCdEfG 快来看', shortLink('jd', 'https://u.jd.com/AbCdEfG')],
  ['https://mall.jd.com/index-1000001234.html', unknown('https://mall.jd.com/index-1000001234.html')],
  ['https://item.jd.com/abc.html', unknown('https://item.jd.com/abc.html')],
  ['https://www.jd.com/100012043978.html', unknown('https://www.jd.com/100012043978.html')],
  // Weidian
  ['https://weidian.com/item.html?itemID=4412345678', item('micro_store', '4412345678')],
  ['https://weidian.com/item.html?itemId=4412345678&wfr=c', item('micro_store', '4412345678')],
  ['https://shop1234567.v.weidian.com/item.html?itemID=4412345678', item('micro_store', '4412345678')],
  ['https://m.weidian.com/item.html?itemID=4412345678', item('micro_store', '4412345678')],
  ['https://koudai.com/item.html?itemID=4412345678', item('micro_store', '4412345678')],
  [
    'https://k.youshop10.com/kwK7Kubw?share_relation=ebf4318fa45395b9_1470530718_1',
    shortLink('micro_store', 'https://k.youshop10.com/kwK7Kubw?share_relation=ebf4318fa45395b9_1470530718_1'),
  ],
  [
    '【微店】好物推荐 https://k.youshop10.com/NjNu80mX 点击链接查看',
    shortLink('micro_store', 'https://k.youshop10.com/NjNu80mX'),
  ],
  ['https://weidian.com/?userid=1234567', unknown('https://weidian.com/?userid=1234567')],
  // Other links
  ['https://www.amazon.com/dp/B08N5WRWNW', unknown('https://www.amazon.com/dp/B08N5WRWNW')],
  ['example.com/shoes?id=681234567890', unknown('https://example.com/shoes?id=681234567890')],
  ['看这个 http://example.cn/a/b 不错', unknown('http://example.cn/a/b')],
  // Keywords
  ['  纯棉 短袖\tT恤  ', keyword('纯棉 短袖 T恤')],
  ['iPhone 15 Pro Max 256GB', keyword('iPhone 15 Pro Max 256GB')],
  ['100012043978', keyword('100012043978')],
  ['iphone (2024)', keyword('iphone (2024)')],
  ['Nike (AirMax2024)', keyword('Nike (AirMax2024)')],
  ['$100 - $200 sneakers', keyword('$100 - $200 sneakers')],
  ['￥12345678￥', keyword('￥12345678￥')],
  ['node.js', keyword('node.js')],
  ['连衣裙\n2026新款', keyword('连衣裙 2026新款')],
  ['😍', keyword('😍')],
  // Nothing
  ['', { kind: 'empty' }],
  [' \n\t\u3000 ', { kind: 'empty' }],
];

describe('what a buyer types into the search box', () => {
  it.each(CASES)('reads %s', (input, expected) => {
    expect(parseMarketplaceInput(input)).toEqual(expected);
  });

  it('links to the canonical desktop item page, which reads back as the same item', () => {
    expect(marketplaceItemUrl('taobao', '681234567890')).toBe('https://item.taobao.com/item.htm?id=681234567890');
    expect(marketplaceItemUrl('1688', '712345678901')).toBe('https://detail.1688.com/offer/712345678901.html');
    expect(marketplaceItemUrl('jd', '100012043978')).toBe('https://item.jd.com/100012043978.html');
    expect(marketplaceItemUrl('micro_store', '4412345678')).toBe('https://weidian.com/item.html?itemID=4412345678');
    for (const platform of LOG_PLATFORMS) {
      expect(parseMarketplaceInput(marketplaceItemUrl(platform, '123456789'))).toEqual(item(platform, '123456789'));
    }
  });

  it(`cuts input after ${MARKETPLACE_INPUT_MAX} characters, never inside an emoji`, () => {
    const pad = 'a'.repeat(MARKETPLACE_INPUT_MAX);
    expect(parseMarketplaceInput(`${pad} https://item.jd.com/100012043978.html`)).toEqual(keyword(pad));
    expect(parseMarketplaceInput(`${pad.slice(1)}😍`)).toEqual(keyword(pad.slice(1)));
  });

  it('never throws, whatever it is given', () => {
    // A fixed seed (mulberry32) so that a failure can be replayed.
    let seed = 20260101;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pieces = [
      'https://',
      'http://',
      '//',
      'item.jd.com/',
      'm.tb.cn/h.',
      'taobao.com',
      '.html',
      '?id=',
      '&amp;',
      '&',
      '=',
      '%',
      '%E8',
      '[',
      ']',
      '(',
      ')',
      '（',
      '】',
      '￥',
      '$',
      '€',
      '.',
      ':',
      '@',
      '#',
      ' ',
      '\n',
      '\u0000',
      '\ud83d',
      '\ude0d',
      '😍',
      '淘宝',
      '京东',
      'AbCd1234XyZ',
      '100012043978',
      '9',
      'x',
    ];
    const allowed = new Set(['keyword', 'empty', 'item', 'needs_resolve', 'unknown_link']);
    for (let run = 0; run < 500; run += 1) {
      const length = Math.floor(random() * 40);
      const text =
        run % 5 === 0
          ? String.fromCharCode(...Array.from({ length: length * 4 }, () => Math.floor(random() * 0x10000)))
          : Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const result = parseMarketplaceInput(text);
      expect(allowed.has(result.kind), text).toBe(true);
      if (result.kind === 'keyword') expect(result.keyword, text).toBe(result.keyword.replace(/\s+/g, ' ').trim());
      if (result.kind === 'keyword') expect(result.keyword, text).not.toBe('');
      if (result.kind === 'item') expect(result.itemId, text).toMatch(/^\d{5,20}$/);
      if (result.kind === 'unknown_link') expect(result.url, text).toMatch(/^https?:\/\//);
    }
    expect(parseMarketplaceInput(undefined as unknown as string)).toEqual({ kind: 'empty' });
    expect(parseMarketplaceInput('https://item.jd.com/1'.repeat(200))).toMatchObject({ kind: 'unknown_link' });
  });
});
