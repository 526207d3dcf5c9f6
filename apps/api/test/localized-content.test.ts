import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  adminEditVersionFunctions,
  adminEditVersionPrices,
  adminListVersions,
  merchantBuyShop,
  merchantExportShops,
  merchantListShops,
  merchantListVersions,
  merchantPublicVersions,
} from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { adminListBills, cashierDetail, merchantExportBills, merchantListBills } from '@parlour/contract/calls/bill';
import {
  adminAddPlan,
  adminEditPlan,
  adminListPlans,
  merchantListPackages,
  merchantListPlans,
} from '@parlour/contract/calls/traffic';
import { adminAddNotice, adminEditNotice, adminListNotices, adminNoticeDetail } from '@parlour/contract/calls/notice';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type CallBody, type TestApp } from './helper';
import { merchantNotices, type NoticeFields } from './notice-helper';
import { cashierToken, expectOk, merchantWithStore, shopFields, signInAdmin, VERSION } from './shop-helper';
import { orderPackage, PLAN, planFields } from './traffic-package-helper';

/**
 * Operator-written content in both languages (docs/bilingual-content.md): versions, plans and
 * notices are written in Chinese and optionally English; merchants and visitors read their
 * language, falling back to Chinese; bills and exports name products in the reader's language;
 * existing rows migrate.
 */
describe('operator-written content in both languages', () => {
  let t: TestApp;
  let adminToken: string;
  let merchantToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
    merchantToken = (await registerMerchant(t)).token;
  });
  afterAll(() => t.close());

  type Lang = { lang_code?: string };
  const en: Lang = { lang_code: 'en-US' };
  const zh: Lang = { lang_code: 'zh-CN' };

  /** A version's fields, typed from the call; `rawVersionFields` takes any override (the error tests). */
  const versionFields = (
    overrides: Partial<CallBody<typeof adminEditVersionFunctions>> = {},
  ): CallBody<typeof adminEditVersionFunctions> => ({
    name: { 'zh-CN': '旗舰版', 'en-US': 'Flagship' },
    description: { 'zh-CN': '面向大型代购团队', 'en-US': 'For large agent teams' },
    features: [{ 'zh-CN': '无限店铺', 'en-US': 'Unlimited stores' }, { 'zh-CN': '专属客服' }],
    trial_days: 0,
    status: 'enabled',
    sort: 50,
    ...overrides,
  });
  const rawVersionFields = (overrides: Record<string, unknown>): Record<string, unknown> => ({
    ...versionFields(),
    ...overrides,
  });
  const merchantVersions = async (lang: Lang) =>
    (await expectOk(t.call(merchantListVersions, lang, merchantToken))).list;
  const publicVersions = async (lang: Lang) => (await expectOk(t.call(merchantPublicVersions, lang))).list;

  describe('[VERSIONS]', () => {
    it('an operator writes a version in both languages; merchants and visitors read their language, a missing translation falls back to Chinese', async () => {
      const created = await expectOk(t.call(adminEditVersionFunctions, versionFields(), adminToken));
      expect(created.localized).toEqual({
        name: { 'zh-CN': '旗舰版', 'en-US': 'Flagship' },
        description: { 'zh-CN': '面向大型代购团队', 'en-US': 'For large agent teams' },
        features: [
          { 'zh-CN': '无限店铺', 'en-US': 'Unlimited stores' },
          { 'zh-CN': '专属客服', 'en-US': '' },
        ],
      });

      const english = (await merchantVersions(en)).find((version) => version.id === created.id);
      expect(english).toMatchObject({
        name: 'Flagship',
        description: 'For large agent teams',
        features: ['Unlimited stores', '专属客服'],
      });
      const chinese = (await merchantVersions(zh)).find((version) => version.id === created.id);
      expect(chinese).toMatchObject({
        name: '旗舰版',
        description: '面向大型代购团队',
        features: ['无限店铺', '专属客服'],
      });
      expect((await publicVersions(en)).find((version) => version.id === created.id)).toMatchObject({
        name: 'Flagship',
      });
      expect((await publicVersions(zh)).find((version) => version.id === created.id)).toMatchObject({ name: '旗舰版' });

      // Clearing the English name: English readers get the Chinese one.
      await expectOk(
        t.call(
          adminEditVersionFunctions,
          { ...versionFields({ name: { 'zh-CN': '旗舰版', 'en-US': '   ' } }), id: created.id },
          adminToken,
        ),
      );
      expect((await merchantVersions(en)).find((version) => version.id === created.id)).toMatchObject({
        name: '旗舰版',
        description: 'For large agent teams',
      });

      // The operator's list carries both languages for the edit form.
      const adminList = await expectOk(t.call(adminListVersions, { limit: 100 }, adminToken));
      expect(adminList.list.find((version) => version.id === created.id)?.localized.name).toEqual({
        'zh-CN': '旗舰版',
        'en-US': '',
      });
    });

    it('a plain string, as older clients send, is the Chinese text', async () => {
      const created = await expectOk(
        t.call(
          adminEditVersionFunctions,
          versionFields({ name: '基础版', description: '', features: ['店铺前台'] }),
          adminToken,
        ),
      );
      expect(created.localized.name).toEqual({ 'zh-CN': '基础版', 'en-US': '' });
      expect(created.localized.features).toEqual([{ 'zh-CN': '店铺前台', 'en-US': '' }]);
    });

    it.each([
      [{ name: { 'zh-CN': '', 'en-US': 'Flagship' } }, '请输入版本名称', 'Version name is required'],
      [{ name: { 'en-US': 'Flagship' } }, '请输入版本名称', 'Version name is required'],
      [
        { name: { 'zh-CN': '旗舰版', 'en-US': 'x'.repeat(41) } },
        '版本名称最多 40 个字符（英文）',
        'Version name must be at most 40 characters (English)',
      ],
      [{ name: { 'zh-CN': '旗舰版', 'en-US': 42 } }, '请输入版本名称（英文）', 'Version name is required (English)'],
      [
        { description: { 'zh-CN': '', 'en-US': 'x'.repeat(501) } },
        '版本描述最多 500 个字符（英文）',
        'Version description must be at most 500 characters (English)',
      ],
      [{ features: [{ 'zh-CN': '', 'en-US': 'Support' }] }, '请输入功能说明', 'Feature is required'],
      [
        { features: [{ 'zh-CN': '客服', 'en-US': 'x'.repeat(101) }] },
        '每项功能最多 100 个字符（英文）',
        'Each feature must be at most 100 characters (English)',
      ],
    ])('refuses %j naming the field and the language, and changes nothing', async (override, chinese, english) => {
      const before = await expectOk(t.call(adminListVersions, { limit: 100 }, adminToken));
      expect(await t.callRaw(adminEditVersionFunctions, rawVersionFields(override), adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: chinese,
      });
      const answer = await t.callRaw(adminEditVersionFunctions, { ...rawVersionFields(override), ...en }, adminToken);
      expect(answer).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, msg: english });
      expect((answer as unknown as { data: { errors: Array<{ field: string }> } }).data.errors[0].field).toMatch(
        /^(name|description|features\.0)\.(zh-CN|en-US)$|^name$/,
      );
      const after = await expectOk(t.call(adminListVersions, { limit: 100 }, adminToken));
      expect(after.total).toBe(before.total);
    });

    it('the seeded versions read in English after the migration', async () => {
      const professional = (await merchantVersions(en)).find((version) => version.id === VERSION.professional)!;
      expect(professional.description).toBe('For growing agent stores: everything in Starter, and more plugins.');
      expect(professional.features[0]).toBe('Everything in Starter');
      const chinese = (await merchantVersions(zh)).find((version) => version.id === VERSION.professional)!;
      expect(chinese.description).toBe('成长型代购店：入门版的一切，以及更多插件。');
      expect(chinese.features[0]).toBe('包含入门版全部功能');
    });
  });

  describe('[STORES AND BILLS]', () => {
    it('the store list, bills and their exports name the version and product in the reader’s language', async () => {
      const version = await expectOk(
        t.call(
          adminEditVersionFunctions,
          versionFields({ name: { 'zh-CN': '跨境版', 'en-US': 'Cross-border' } }),
          adminToken,
        ),
      );
      const prices = [1, 3, 6, 9, 12]
        .map((term) => ({ type: 'month' as 'month' | 'year', term, amount: 1000 * term }))
        .concat([1, 2, 3, 4, 5].map((term) => ({ type: 'year', term, amount: 10000 * term })));
      await expectOk(t.call(adminEditVersionPrices, { id: version.id, prices }, adminToken));
      const { token } = await registerMerchant(t);
      const fields = shopFields({ package_id: version.id });
      // Ordered in Chinese; read in English.
      const purchase = await expectOk(
        t.call(merchantBuyShop, { ...fields, term_type: 'month', term: 3, pay_method: 'alipay', ...zh }, token),
      );
      expect(purchase.bill.product_name).toBe('新开店铺 · 跨境版 · 3个月');

      const shopsInEnglish = await expectOk(t.call(merchantListShops, en, token));
      expect(shopsInEnglish.list.find((shop) => shop.shop_id === fields.shop_id)?.package_name).toBe('Cross-border');
      const shopsInChinese = await expectOk(t.call(merchantListShops, zh, token));
      expect(shopsInChinese.list.find((shop) => shop.shop_id === fields.shop_id)?.package_name).toBe('跨境版');

      const billsInEnglish = await expectOk(t.call(merchantListBills, en, token));
      expect(billsInEnglish.list[0]).toMatchObject({
        product_name: 'New store · Cross-border · 3 months',
        package_name: 'Cross-border',
      });
      const billsInChinese = await expectOk(t.call(merchantListBills, zh, token));
      expect(billsInChinese.list[0]).toMatchObject({
        product_name: '新开店铺 · 跨境版 · 3个月',
        package_name: '跨境版',
      });
      const adminBills = await expectOk(t.call(adminListBills, { keyword: 'Cross-border', ...en }, adminToken));
      expect(adminBills.list.map((bill) => bill.bill_no)).toContain(purchase.bill.bill_no);

      const csv = (lang: Lang) =>
        expectOk(t.call(merchantExportBills, { format: 'csv', ...lang }, token)).then((file) =>
          Buffer.from(file.content_base64, 'base64').toString('utf8'),
        );
      expect(await csv(en)).toContain('New store · Cross-border · 3 months,Cross-border');
      expect(await csv(zh)).toContain('新开店铺 · 跨境版 · 3个月,跨境版');
      const xlsx = await expectOk(t.call(merchantExportShops, { format: 'xlsx', ...en }, token));
      const sheet = strFromU8(
        unzipSync(new Uint8Array(Buffer.from(xlsx.content_base64, 'base64')))['xl/worksheets/sheet1.xml'],
      );
      expect(sheet).toContain('Cross-border');
      expect(sheet).not.toContain('跨境版');
      const storesCsv = await expectOk(t.call(merchantExportShops, { format: 'csv', ...zh }, token));
      expect(Buffer.from(storesCsv.content_base64, 'base64').toString('utf8')).toContain(',跨境版,');

      // The cashier shows the product in the payer's language too.
      const payToken = cashierToken(purchase.payment.pay_url);
      const cashier = await expectOk(t.call(cashierDetail, { bill_no: purchase.bill.bill_no, token: payToken, ...en }));
      expect(cashier.product_name).toBe('New store · Cross-border · 3 months');
    });
  });

  describe('[PLANS AND PACKAGES]', () => {
    it('an operator writes a plan in both languages; merchants read their language, packages and bills included', async () => {
      const plan = await expectOk(
        t.callRaw(
          adminAddPlan,
          planFields({
            name: { 'zh-CN': '夜间包', 'en-US': 'Night pack' },
            api_usage: { 'zh-CN': '每次调用 1 单位', 'en-US': '' },
            sort: 80,
          }),
          adminToken,
        ),
      );
      expect(plan.localized).toEqual({
        name: { 'zh-CN': '夜间包', 'en-US': 'Night pack' },
        api_usage: { 'zh-CN': '每次调用 1 单位', 'en-US': '' },
      });
      const plans = async (lang: Lang) =>
        (await expectOk(t.call(merchantListPlans, lang, merchantToken))).list.find((entry) => entry.id === plan.id);
      expect(await plans(en)).toMatchObject({ name: 'Night pack', api_usage: '每次调用 1 单位' });
      expect(await plans(zh)).toMatchObject({ name: '夜间包', api_usage: '每次调用 1 单位' });

      const order = await orderPackage(t, merchantToken, { plan_id: plan.id, ...zh });
      expect(order.package.name).toBe('夜间包');
      const packages = async (lang: Lang) =>
        (await expectOk(t.call(merchantListPackages, { tab: 'general', ...lang }, merchantToken))).list.find(
          (entry) => entry.id === order.package.id,
        );
      expect(await packages(en)).toMatchObject({ name: 'Night pack' });
      expect(await packages(zh)).toMatchObject({ name: '夜间包' });
      const bills = await expectOk(t.call(merchantListBills, en, merchantToken));
      expect(bills.list.find((bill) => bill.bill_no === order.bill.bill_no)).toMatchObject({
        product_name: 'Traffic package · Night pack · 500 units · 30 days',
        package_name: 'Night pack',
      });

      // A package keeps the name it was bought with when the plan is renamed later.
      await expectOk(
        t.call(
          adminEditPlan,
          { ...planFields({ name: { 'zh-CN': '夜猫包', 'en-US': 'Owl pack' } }), id: plan.id },
          adminToken,
        ),
      );
      expect(await packages(en)).toMatchObject({ name: 'Night pack' });
    });

    it('refuses a too long English plan name, naming the language, and adds nothing', async () => {
      const before = await expectOk(t.call(adminListPlans, {}, adminToken));
      const fields = planFields({ name: { 'zh-CN': '夜间包', 'en-US': 'x'.repeat(41) } });
      expect(await t.call(adminAddPlan, fields, adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: '套餐名称最多 40 个字符（英文）',
      });
      expect(await t.call(adminAddPlan, { ...fields, ...en }, adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: 'Plan name must be at most 40 characters (English)',
      });
      expect((await expectOk(t.call(adminListPlans, {}, adminToken))).total).toBe(before.total);
    });

    it('the seeded plans read in English after the migration', async () => {
      const standard = (await expectOk(t.call(merchantListPlans, en, merchantToken))).list.find(
        (plan) => plan.id === PLAN.standard,
      )!;
      expect(standard.name).toBe('Standard pack');
      expect(standard.api_usage).toContain('Item details cost 1 unit a call');
    });
  });

  describe('[NOTICES]', () => {
    const noticeFields = (overrides: Partial<NoticeFields> = {}): NoticeFields => ({
      title: { 'zh-CN': '系统维护通知', 'en-US': 'Scheduled maintenance' },
      content: {
        'zh-CN': '<p>今晚<strong>维护</strong></p>',
        'en-US': '<p>Maintenance <strong>tonight</strong><script>alert(1)</script></p>',
      },
      status: 'published',
      ...overrides,
    });

    it('an operator writes a notice in both languages; merchants read their language; English is sanitised like Chinese', async () => {
      const notice = await expectOk(t.call(adminAddNotice, noticeFields(), adminToken));
      expect(notice.localized).toEqual({
        title: { 'zh-CN': '系统维护通知', 'en-US': 'Scheduled maintenance' },
        content: {
          'zh-CN': '<p>今晚<strong>维护</strong></p>',
          'en-US': '<p>Maintenance <strong>tonight</strong></p>',
        },
      });
      const detail = await expectOk(t.call(adminNoticeDetail, { id: notice.id }, adminToken));
      expect(detail.localized.title['en-US']).toBe('Scheduled maintenance');

      const english = (await merchantNotices(t, merchantToken, en)).list.find((entry) => entry.id === notice.id);
      expect(english).toMatchObject({
        title: 'Scheduled maintenance',
        content: '<p>Maintenance <strong>tonight</strong></p>',
      });
      const chinese = (await merchantNotices(t, merchantToken, zh)).list.find((entry) => entry.id === notice.id);
      expect(chinese).toMatchObject({ title: '系统维护通知', content: '<p>今晚<strong>维护</strong></p>' });

      // English content that is empty once cleaned is no translation: English readers get the Chinese.
      await expectOk(
        t.call(
          adminEditNotice,
          {
            ...noticeFields({
              title: { 'zh-CN': '系统维护通知' },
              content: { 'zh-CN': '<p>今晚维护</p>', 'en-US': '<p><br></p>' },
            }),
            id: notice.id,
          },
          adminToken,
        ),
      );
      expect((await merchantNotices(t, merchantToken, en)).list.find((entry) => entry.id === notice.id)).toMatchObject({
        title: '系统维护通知',
        content: '<p>今晚维护</p>',
      });
      // Operators find a notice by either language.
      await expectOk(t.call(adminEditNotice, { ...noticeFields(), id: notice.id }, adminToken));
      const found = await expectOk(t.call(adminListNotices, { keyword: 'scheduled maint' }, adminToken));
      expect(found.list.map((entry) => entry.id)).toEqual([notice.id]);
    });

    it('refuses a too long English title or empty Chinese content, naming the language, and changes nothing', async () => {
      const before = await expectOk(t.call(adminListNotices, {}, adminToken));
      const longTitle = noticeFields({ title: { 'zh-CN': '通知', 'en-US': 'x'.repeat(101) } });
      expect(await t.call(adminAddNotice, longTitle, adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: '公告标题最多 100 个字符（英文）',
      });
      expect(await t.call(adminAddNotice, { ...longTitle, ...en }, adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: 'Notice title must be at most 100 characters (English)',
      });
      const emptyChinese = noticeFields({ content: { 'zh-CN': '<p><br></p>', 'en-US': '<p>Only English</p>' } });
      expect(await t.call(adminAddNotice, { ...emptyChinese, ...en }, adminToken)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        msg: 'Notice content is required',
      });
      expect((await expectOk(t.call(adminListNotices, {}, adminToken))).total).toBe(before.total);
    });
  });

  describe('[MIGRATION]', () => {
    /** The data statements of migration 0022, run again on rows as they were before it. */
    async function rerunDataMigration() {
      const file = fileURLToPath(new URL('../src/db/migrations/0022_bilingual_content.sql', import.meta.url));
      const statements = readFileSync(file, 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter((statement) => /^(--[^\n]*\n)*UPDATE/.test(statement));
      expect(statements.length).toBeGreaterThanOrEqual(5);
      for (const statement of statements) await t.database.executeSql(statement, []);
    }

    it('bills and packages from before keep working: names the server composed get both languages, any other keeps its one name', async () => {
      const { token, shopId } = await merchantWithStore(t);
      const packageOrder = await orderPackage(t, token, { plan_id: PLAN.standard, ...en });
      const storeBills = await expectOk(t.call(merchantListBills, { type: 'new_store' }, token));
      const storeBill = storeBills.list[0];
      // As before the migration: one name, in the language of whoever ordered, no English columns.
      await t.database.executeSql(
        `update bills set product_name = 'Traffic package · 标准包 · 10,000 units · 90 days', product_name_en = '', package_name_en = '' where bill_no = $1`,
        [packageOrder.bill.bill_no],
      );
      await t.database.executeSql(`update traffic_packages set name_en = '' where id = $1`, [packageOrder.package.id]);
      await t.database.executeSql(
        `update bills set product_name = '手工录入的账单', product_name_en = '', package_name_en = '' where bill_no = $1`,
        [storeBill.bill_no],
      );

      await rerunDataMigration();

      const read = async (lang: Lang) =>
        (await expectOk(t.call(merchantListBills, { limit: 100, ...lang }, token))).list;
      expect((await read(en)).find((bill) => bill.bill_no === packageOrder.bill.bill_no)).toMatchObject({
        product_name: 'Traffic package · Standard pack · 10,000 units · 90 days',
        package_name: 'Standard pack',
      });
      expect((await read(zh)).find((bill) => bill.bill_no === packageOrder.bill.bill_no)).toMatchObject({
        product_name: '流量包 · 标准包 · 10000次 · 90天',
        package_name: '标准包',
      });
      expect((await read(en)).find((bill) => bill.bill_no === storeBill.bill_no)?.product_name).toBe('手工录入的账单');
      expect((await read(zh)).find((bill) => bill.bill_no === storeBill.bill_no)?.product_name).toBe('手工录入的账单');
      const packages = await expectOk(t.call(merchantListPackages, { tab: 'general', ...en }, token));
      expect(packages.list.find((entry) => entry.id === packageOrder.package.id)?.name).toBe('Standard pack');
      expect(shopId).toBeTruthy();
    });

    it('a version or plan an operator changed keeps its text and gets no seeded English', async () => {
      await t.database.executeSql(
        `update store_versions set description = '改过的描述', description_en = '', name_en = '' where id = $1`,
        [VERSION.starter],
      );
      await rerunDataMigration();
      const starter = (await merchantVersions(en)).find((version) => version.id === VERSION.starter)!;
      expect(starter.description).toBe('改过的描述');
    });
  });
});
