import { systemScope } from '../../lib/tenant-scope';
import type { Config } from '../../config';
import type { App } from '../../app';
import {
  addOfflineDemoStore,
  DEMO_RENEWAL_METHOD,
  DEMO_STORES,
  refreshDemoData,
  sandboxPays,
  takesPayments,
} from './demo-refresh';

export const DEMO_MERCHANT = { email: 'demo@parlour.dev', password: 'Demo@2026' } as const;

/**
 * Creates the operator account from ADMIN_ACCOUNT / ADMIN_PASSWORD when missing, and on a first start
 * with SEED_DEMO not false, a demo merchant so every screen has something real to show. On every
 * start with SEED_DEMO not false, the demo merchant's data is refreshed where time spoiled it
 * (demo-refresh.ts).
 */
export async function seedDatabase(app: App, config: Config) {
  const { accounts } = app.services;
  await accounts.ensureAdmin(config.adminAccount, config.adminPassword);
  if (!config.seedDemo) return { demoSeeded: false };
  const merchantId = await accounts.ensureDemoMerchant(DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  if (merchantId !== null) {
    const skipped: string[] = [];
    await seedDemoStores(app, config, merchantId, skipped);
    await seedDemoPackages(app, merchantId, skipped);
    await seedDemoPlugins(app, merchantId, skipped);
    if (skipped.length > 0) {
      const what = `the demo's paid stores were opened by the operator as paid offline, and it has no ${skipped.join(', ')}`;
      app.log.info({ skipped }, `demo data: no sandbox cashier to pay bills (PAYMENT_PROVIDER=none): ${what}`);
    }
    await seedDemoPricing(app);
    await seedDemoPluginSettings(app);
    await seedDemoApiCalls(app, merchantId);
    // After the Open API calls, which run only while the merchant has none: pinning looks each item up.
    await seedDemoPicks(app);
    await seedDemoNotices(app, config);
    await seedDemoProspects(app, config);
  }
  const demoMerchantId = merchantId ?? (await accounts.findMerchantIdByEmail(DEMO_MERCHANT.email));
  if (demoMerchantId !== undefined) await refreshDemoData(app, config, demoMerchantId);
  return { demoSeeded: merchantId !== null };
}

/**
 * Pays a bill the seed made through the sandbox cashier, as a merchant clicking "pay" on it: the same
 * signed notification a real provider sends completes it.
 */
async function payInSandbox(app: App, order: { bill: { bill_no: string }; payment: { pay_url: string } }) {
  const token = new URL(order.payment.pay_url, 'http://seed').searchParams.get('token') ?? '';
  await app.services.cashier.submit(order.bill.bill_no, token, 'paid');
}

/**
 * The demo merchant's stores, made through the same services a merchant uses: a trial, a store paid
 * for a year and one paid for a month, and an unpaid renewal bill. The paid stores are bought and paid
 * through the sandbox cashier when it takes payments; otherwise (PAYMENT_PROVIDER=none) the operator
 * opens them as paid offline, the operator's own path, and there is no unpaid bill (nothing could pay
 * it). The refresh that follows (demo-refresh.ts) moves the monthly store into its grace period and
 * adds a store the operator disabled.
 */
async function seedDemoStores(app: App, config: Config, merchantId: number, skipped: string[]) {
  const { shops, accounts } = app.services;
  const fields = (shopId: string, name: string, packageId: number) => ({
    shop_id: shopId,
    shop_name: name,
    contact_email: `${shopId}@parlour.dev`,
    package_id: packageId,
  });
  const paid = [
    {
      shopId: DEMO_STORES.yearly,
      name: 'Global Picks 环球优选',
      packageId: 2,
      termType: 'year',
      term: 1,
      payMethod: 'alipay',
    },
    { shopId: DEMO_STORES.monthly, name: '淘宝直邮馆', packageId: 1, termType: 'month', term: 1, payMethod: 'wechat' },
  ] as const;
  await shops.createTrial({ merchantId, fields: fields(DEMO_STORES.trial, '环球好物（试用）', 1), lang: 'zh-CN' });
  const adminId = await accounts.findAdminId(config.adminAccount);
  for (const store of paid) {
    if (await sandboxPays(app, store.payMethod)) {
      const { shopId, name, packageId, ...purchase } = store;
      await payInSandbox(
        app,
        await shops.createAndPay({ merchantId, fields: fields(shopId, name, packageId), ...purchase, lang: 'zh-CN' }),
      );
    } else if (adminId !== undefined) {
      await addOfflineDemoStore(app, { adminId, merchantId, ...store });
    }
  }
  await shops.provisionPendingStores(0);
  if (await takesPayments(app, DEMO_RENEWAL_METHOD)) {
    await shops.renew({
      merchantId,
      shopId: DEMO_STORES.monthly,
      termType: 'month',
      term: 3,
      payMethod: DEMO_RENEWAL_METHOD,
      lang: 'zh-CN',
    });
  } else {
    skipped.push('unpaid renewal bill');
  }
}

/**
 * Prices in buyers' currencies on the demo: the platform's exchange rates published (as an operator would
 * in settings), the yearly store showing USD, EUR and JPY at those rates with a 12 % markup (at least ¥5 an
 * item) rounded to .99, the trial store USD at its own rate.
 */
async function seedDemoPricing(app: App) {
  const { storePricing } = app.services;
  await storePricing.setExchangeRates({
    USD: '0.1381',
    EUR: '0.1275',
    GBP: '0.1092',
    JPY: '20.95',
    KRW: '190.6',
    AUD: '0.2118',
    CAD: '0.1925',
    SGD: '0.1852',
    HKD: '1.0765',
  });
  await storePricing.editPricing({
    scope: systemScope,
    shopId: DEMO_STORES.yearly,
    fields: {
      currencies: ['USD', 'EUR', 'JPY'],
      rate_source: 'platform',
      own_rates: {},
      markup_percent: 12,
      min_markup: 500,
      rounding: 'ninety_nine',
      adds_china_freight: true,
    },
  });
  await storePricing.editPricing({
    scope: systemScope,
    shopId: DEMO_STORES.trial,
    fields: {
      currencies: ['USD'],
      rate_source: 'own',
      own_rates: { USD: '0.14' },
      markup_percent: 8,
      min_markup: 0,
      rounding: 'cent',
      adds_china_freight: false,
    },
  });
}

/** What the demo merchant pastes to pin the yearly store's picks: item links of the four marketplaces and an app's share text. */
const DEMO_PICK_LINKS = [
  'https://item.taobao.com/item.htm?id=620000000007',
  'https://detail.1688.com/offer/620000007919.html',
  'https://item.jd.com/100012043978.html',
  '【淘宝】https://item.taobao.com/item.htm?id=652310998812 「加厚连帽卫衣」点击链接直接打开',
  'https://weidian.com/item.html?itemID=4571290183',
  'https://m.1688.com/offer/738822901256.html',
];

/**
 * The yearly store's picks for its home page, pinned as the merchant does (each item looked up once,
 * the store's metered call with the sandbox). Only while the store has none.
 */
async function seedDemoPicks(app: App) {
  const { storePicks } = app.services;
  const scope = systemScope;
  const shopId = DEMO_STORES.yearly;
  if ((await storePicks.listPicks({ scope, shopId }).catch(() => undefined))?.list.length !== 0) return;
  for (const link of DEMO_PICK_LINKS)
    await storePicks.addPick({ scope, shopId, link, lang: 'zh-CN' }).catch(() => undefined);
}

/**
 * What the yearly store's plugins show buyers (issue 24 §5): its customer service channels, a rate table of
 * three zones, and a buyer's guide in both languages — saved as its merchant would in the console.
 */
async function seedDemoPluginSettings(app: App) {
  const { pluginSettings, storeShipping } = app.services;
  const scope = systemScope;
  const shopId = DEMO_STORES.yearly;
  await pluginSettings.editLiveChat({
    scope,
    shopId,
    channels: {
      wecom_url: 'https://work.weixin.qq.com/kfid/kfcdemoglobal',
      whatsapp: '+8613800138000',
      email: 'service@demoglobal.parlour.dev',
      phone: '+862160000000',
    },
  });
  await storeShipping.editShipping({
    scope,
    shopId,
    zones: [
      {
        name: 'Asia 亚洲',
        countries: ['HK', 'MO', 'TW', 'JP', 'KR', 'SG', 'MY', 'TH'],
        first_weight: 500,
        first_price: 4500,
        step_weight: 500,
        step_price: 1500,
      },
      {
        name: 'North America 北美',
        countries: ['US', 'CA', 'MX'],
        first_weight: 500,
        first_price: 12000,
        step_weight: 500,
        step_price: 4000,
      },
      {
        name: 'Europe & Oceania 欧洲及大洋洲',
        countries: ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'AU', 'NZ'],
        first_weight: 500,
        first_price: 13500,
        step_weight: 500,
        step_price: 4500,
      },
    ],
  });
  await pluginSettings.editBuyerGuide({
    scope,
    shopId,
    content: {
      'zh-CN':
        '<h2>如何下单</h2><ol><li>在首页搜索商品，或粘贴淘宝、1688、京东、微店的商品链接。</li>' +
        '<li>选择规格和数量，确认价格（已含代购服务费）。</li><li>付款后我们向卖家下单，货到仓库后称重打包。</li></ol>' +
        '<h2>运费</h2><p>国际运费按包裹的计费重量计算：实际重量与体积重量（长×宽×高÷5000）取较大者。' +
        '可在商品页面的<a href="/shipping">运费估算</a>中先估算。</p>' +
        '<h2>售后</h2><p>商品到仓后可免费验货拍照；如有问题请联系客服：<a href="mailto:service@demoglobal.parlour.dev">service@demoglobal.parlour.dev</a>。</p>',
      'en-US':
        '<h2>How to order</h2><ol><li>Search on the home page, or paste a Taobao, 1688, JD or Weidian item link.</li>' +
        '<li>Choose the options and quantity and check the price (our service fee included).</li>' +
        '<li>Once you pay, we order from the seller; at our warehouse the parcel is weighed and packed.</li></ol>' +
        '<h2>Shipping</h2><p>International shipping is charged on the parcel’s chargeable weight: the heavier of its actual ' +
        'weight and its volumetric weight (L × W × H ÷ 5000). Try the <a href="/shipping">shipping estimator</a> first.</p>' +
        '<h2>After-sales</h2><p>We photograph every item free at the warehouse. Questions? Write to ' +
        '<a href="mailto:service@demoglobal.parlour.dev">service@demoglobal.parlour.dev</a>.</p>',
    },
  });
}

const DAY_MS = 86_400_000;

/**
 * Demo notices, written through the notice service as an operator would: a pinned published one the
 * merchant sees first, a published one from a few days ago and a draft merchants do not see. Only on
 * a platform without notices, so a second run adds nothing.
 */
async function seedDemoNotices(app: App, config: Config) {
  const { notices, accounts } = app.services;
  if ((await notices.listForAdmin({ page: 1, limit: 1 }, 'zh-CN')).total > 0) return;
  const adminId = await accounts.findAdminId(config.adminAccount);
  if (adminId === undefined) return;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  await notices.addNotice({
    adminId,
    lang: 'zh-CN',
    fields: {
      title: { 'zh-CN': '平台服务协议更新通知', 'en-US': 'Terms of service updated' },
      content: {
        'zh-CN':
          '<p>尊敬的商户：</p><p>平台服务协议已于本月更新，主要涉及<strong>店铺续费规则</strong>与<strong>数据保留期限</strong>：</p>' +
          '<ul><li>到期后店铺保留 7 天宽限期，期间可随时续费恢复；</li><li>宽限期结束后店铺停用，数据保留 30 天。</li></ul>' +
          '<p>如有疑问请联系平台客服。</p>',
        'en-US':
          '<p>Dear merchant,</p><p>The terms of service were updated this month, mainly the <strong>store ' +
          'renewal rules</strong> and <strong>how long data is kept</strong>:</p>' +
          '<ul><li>An expired store has a 7-day grace period in which you can renew it at any ' +
          'time;</li><li>after the grace period the store is disabled and its data kept for 30 days.</li></ul>' +
          '<p>If you have questions, please contact platform support.</p>',
      },
      status: 'published',
      is_pinned: true,
      publish_at: daysAgo(1),
    },
  });
  await notices.addNotice({
    adminId,
    lang: 'zh-CN',
    fields: {
      title: {
        'zh-CN': '新增 Enterprise 版本：支持多语言与自定义域名',
        'en-US': 'New Enterprise version: multilingual stores and custom domains',
      },
      content: {
        'zh-CN':
          '<p>Enterprise 版本现已上线，支持<em>多语言店铺</em>、自定义域名和优先客服。可在店铺列表中选择「续费」时升级。</p>',
        'en-US':
          '<p>The Enterprise version is live, with <em>multilingual stores</em>, custom domains and priority ' +
          'support. Upgrade when you choose "Renew" in the store list.</p>',
      },
      status: 'published',
      is_pinned: false,
      publish_at: daysAgo(4),
    },
  });
  await notices.addNotice({
    adminId,
    lang: 'zh-CN',
    fields: {
      // A draft not translated yet: English readers would get the Chinese text.
      title: { 'zh-CN': '春节期间客服安排（草稿）' },
      content: { 'zh-CN': '<p>春节期间客服工作时间调整为每天 10:00–16:00，具体日期待定。</p>' },
      status: 'draft',
      is_pinned: false,
    },
  });
}

/**
 * Demo leads from the public message form, stored through the prospect service (documentation
 * addresses, one each); the oldest one already followed up by the operator. Only when there are none.
 */
async function seedDemoProspects(app: App, config: Config) {
  const { prospects, accounts } = app.services;
  if ((await prospects.list({ page: 1, limit: 1 })).total > 0) return;
  const leads = [
    {
      name: '王女士',
      contact: '13912345678',
      content: '想了解专业版是否支持同时对接淘宝和京东商品，年付有没有优惠？',
      ip: '203.0.113.21',
    },
    {
      name: 'Kenji Sato',
      contact: '090-1234-5678',
      country: 'JP',
      content: 'We ship from Japan to China. Does the platform support JPY pricing and a Japanese storefront?',
      ip: '203.0.113.35',
    },
    {
      name: '李先生',
      contact: '18611112222',
      content: '试用期结束后数据会保留吗？我们准备下个月正式上线。',
      ip: '198.51.100.7',
    },
  ];
  for (const { ip, country = 'CN', ...fields } of leads)
    await prospects.addMessage({ fields: { ...fields, country }, ip });
  const adminId = await accounts.findAdminId(config.adminAccount);
  const oldest = (await prospects.list({ page: 1, limit: leads.length })).list.at(-1);
  if (adminId === undefined || !oldest) return;
  await prospects.followUp({
    id: oldest.id,
    adminId,
    status: 'followed_up',
    remark: '已电话联系，推荐专业版年付，周五发送报价。',
  });
}

/**
 * The demo merchant's traffic packages (docs/traffic-packages.md), bought and paid through the same
 * order and cashier path a merchant uses: a general 标准包 and a 店铺专享包 for the yearly store. Only
 * while the merchant has no packages, so a second run adds nothing, and only when the sandbox
 * cashier can pay them.
 */
async function seedDemoPackages(app: App, merchantId: number, skipped: string[]) {
  const { trafficPackages } = app.services;
  const existing = await trafficPackages.listForMerchant(
    merchantId,
    { page: 1, limit: 1, tab: 'general', sort_order: 'descend' },
    'zh-CN',
  );
  if (existing.counts.general + existing.counts.store > 0) return;
  const { list: plans } = await trafficPackages.listPlansForMerchant('zh-CN');
  const general =
    plans.find((plan) => plan.is_general && plan.name === '标准包') ?? plans.find((plan) => plan.is_general);
  const forStore = plans.find((plan) => !plan.is_general);
  // Traffic packages are only sold online: without the sandbox to pay them there are none.
  if (!(await sandboxPays(app, 'alipay')) || !(await sandboxPays(app, 'wechat'))) {
    skipped.push('traffic packages');
    return;
  }
  if (general)
    await payInSandbox(
      app,
      await trafficPackages.createOrder({ merchantId, planId: general.id, payMethod: 'alipay', lang: 'zh-CN' }),
    );
  if (forStore) {
    await payInSandbox(
      app,
      await trafficPackages.createOrder({
        merchantId,
        planId: forStore.id,
        shopId: DEMO_STORES.yearly,
        payMethod: 'wechat',
        lang: 'zh-CN',
      }),
    );
  }
}

const PLUGIN_DESCRIPTION = (zh: string, en: string) => ({ 'zh-CN': `<p>${zh}</p>`, 'en-US': `<p>${en}</p>` });
/** Seven plugins of a reverse-shopping store, over several of the seeded types (migration 0032): free and paid, some with trials. */
const DEMO_PLUGINS = [
  {
    code: 'live_chat',
    name: { 'zh-CN': '在线客服', 'en-US': 'Live chat' },
    type: 1,
    price: 0,
    trial: 0,
    versions: [1, 2, 3],
    text: [
      '买家在店内随时发起会话，客服在后台统一回复，支持离线留言。',
      'Buyers chat from any page; staff answer from one inbox, with offline messages.',
    ],
  },
  {
    code: 'currency_display',
    name: { 'zh-CN': '多币种价格显示', 'en-US': 'Currency display' },
    type: 5,
    price: 0,
    trial: 0,
    versions: [1, 2, 3],
    text: [
      '按买家所在地区换算并显示商品价格，汇率每日更新。',
      "Shows prices in the buyer's currency at daily exchange rates.",
    ],
  },
  {
    code: 'image_search',
    name: { 'zh-CN': '以图搜货', 'en-US': 'Image search' },
    type: 3,
    price: 19900,
    trial: 7,
    versions: [2, 3],
    text: [
      '上传图片即可在 1688、淘宝找同款，一键加入代购清单。',
      'Upload a photo to find the same item on 1688 and Taobao and add it to the order list.',
    ],
  },
  {
    code: 'shipping_estimator',
    name: { 'zh-CN': '国际运费估算', 'en-US': 'Shipping estimator' },
    type: 4,
    price: 9900,
    trial: 14,
    versions: [1, 2, 3],
    text: [
      '按重量、体积和目的地估算国际运费与时效。',
      'Estimates international shipping cost and time by weight, size and destination.',
    ],
  },
  {
    code: 'coupon_marketing',
    name: { 'zh-CN': '优惠券营销', 'en-US': 'Coupon marketing' },
    type: 2,
    price: 29900,
    trial: 7,
    versions: [2, 3],
    text: [
      '满减券、新人券和限时券，按商品或全店发放。',
      'Spend-and-save, welcome and limited-time coupons for items or the whole store.',
    ],
  },
  {
    code: 'buyer_guide',
    name: { 'zh-CN': '购物指南', 'en-US': "Buyer's guide" },
    type: 1,
    price: 0,
    trial: 0,
    versions: [1, 2, 3],
    text: [
      '在店铺中发布中英文购物指南：下单流程、运费、付款与售后说明。',
      'Publishes a bilingual buyer’s guide in the store: how to order, shipping, payment and after-sales.',
    ],
  },
  {
    code: 'product_translation',
    name: { 'zh-CN': '商品自动翻译', 'en-US': 'Product translation' },
    type: 5,
    price: 39900,
    trial: 0,
    versions: [3],
    text: [
      '商品标题、详情和规格自动翻译为英、日、韩等语言。',
      'Translates titles, details and specifications into English, Japanese, Korean and more.',
    ],
  },
] as const;

/**
 * Demo plugins (docs/plugins.md): the seven catalogue plugins (only on a platform without plugins), and
 * for the demo merchant's yearly store the free ones installed (customer service, currency converter,
 * buyer's guide), a paid one bought through the sandbox cashier (the shipping estimator, when it takes
 * payments) and one on trial.
 */
async function seedDemoPlugins(app: App, merchantId: number, skipped: string[]) {
  const { plugins } = app.services;
  if ((await plugins.listForAdmin({ page: 1, limit: 1, sort_order: 'descend' }, 'zh-CN')).total > 0) return;
  const ids = new Map<string, number>();
  for (const plugin of DEMO_PLUGINS) {
    const created = await plugins.addPlugin({
      adminId: null,
      lang: 'zh-CN',
      fields: {
        code: plugin.code,
        name: plugin.name,
        icon: '',
        type_id: plugin.type,
        package_ids: [...plugin.versions],
        price: plugin.price,
        currency: 'CNY',
        trial_days: plugin.trial,
        status: 'listed',
        description: PLUGIN_DESCRIPTION(plugin.text[0], plugin.text[1]),
        screenshots: [],
        video_url: '',
        version: '1.0.0',
        changelog: { 'zh-CN': '首个版本。', 'en-US': 'First release.' },
      },
    });
    ids.set(plugin.code, created.id);
  }
  const take = (code: string, mode: 'buy' | 'trial') =>
    plugins.addShopPlugin(
      merchantId,
      { shop_id: DEMO_STORES.yearly, plugin_id: ids.get(code)!, mode, pay_method: 'alipay' },
      'zh-CN',
    );
  await take('live_chat', 'buy');
  await take('currency_display', 'buy');
  await take('buyer_guide', 'buy');
  await take('image_search', 'trial');
  // A paid plugin is only sold online: without the sandbox to pay it, the store has none.
  if (!(await sandboxPays(app, 'alipay'))) {
    skipped.push('paid plugin');
    return;
  }
  const order = await take('shipping_estimator', 'buy');
  if (order.bill && order.payment) await payInSandbox(app, { bill: order.bill, payment: order.payment });
}

/**
 * Demo Open API traffic (docs/open-api.md): about forty real calls through the metered Open API with
 * the demo stores' own keys and the sandbox provider, so the traffic dashboard, statistics and logs
 * show something. The yearly store makes the charged calls (item details and searches on the four
 * platforms, paid from its store package before the general one); the other stores make a few calls
 * that are rejected — bad parameters, an API not in the catalogue — and cost nothing. Only while the
 * merchant has no calls, so a second run adds nothing.
 */
async function seedDemoApiCalls(app: App, merchantId: number) {
  const { shopKeys, openApi } = app.services;
  if (await openApi.hasCalls(merchantId)) return;
  const { list } = await shopKeys.listKeys(merchantId, { page: 1, limit: 20 });
  const keyOf = async (shopId: string) =>
    list.some((entry) => entry.shop_id === shopId && entry.is_callable)
      ? (await shopKeys.revealKey(merchantId, shopId)).key
      : undefined;
  const main = await keyOf(DEMO_STORES.yearly);
  if (!main) return;
  const others = (await Promise.all([DEMO_STORES.trial, DEMO_STORES.monthly].map(keyOf))).filter((key): key is string =>
    Boolean(key),
  );
  const platforms = ['taobao', '1688', 'jd', 'micro_store', 'taobao', '1688'];
  const calls: Array<{ apiKey: string; platform: string; apiCode: string; body: Record<string, unknown> }> = [];
  for (let index = 0; index < 28; index += 1)
    calls.push({
      apiKey: main,
      platform: platforms[index % platforms.length],
      apiCode: 'item_get',
      body: { num_iid: String(620_000_000_000 + index * 7919) },
    });
  for (const [index, q] of ['保温杯', '连帽卫衣', '蓝牙耳机', '双肩包', '茶具', '运动鞋'].entries())
    calls.push({ apiKey: main, platform: platforms[index], apiCode: 'item_search', body: { q, page: 1 } });
  for (const apiKey of others) {
    calls.push({ apiKey, platform: 'taobao', apiCode: 'item_get', body: {} });
    calls.push({ apiKey, platform: 'jd', apiCode: 'item_search', body: { q: '' } });
    calls.push({ apiKey, platform: '1688', apiCode: 'item_search', body: { q: '保温杯', page: 0 } });
  }
  // One after another, as a store system would call; refusals are part of the demo.
  for (const call of calls) await openApi.handleCall(call).catch(() => undefined);
}
