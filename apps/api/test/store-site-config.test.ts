import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MERCHANT_UPLOAD_IMAGE_PATH } from '@parlour/contract/calls/settings';
import { merchantAddShop } from '@parlour/contract/calls/store';
import {
  adminSiteConfigDetail,
  adminSiteConfigEdit,
  merchantSiteConfigDetail,
  merchantSiteConfigEdit,
} from '@parlour/contract/calls/store-site-config';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_RATE_BUDGETS } from '../src/platform/rate-limit/ip-rate-limit.service';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { IMAGES, uploadImage } from './settings-fakes';
import { expectOk, merchantWithStore, provision, shopFields, signInAdmin, VERSION } from './shop-helper';

/**
 * Each store's basic config (docs/product-spec.md §2, §3), by its merchant and by an operator; the merchant's
 * logo and icon uploads.
 */

const MERCHANT_UPLOAD_URL = `/api/v1/${MERCHANT_UPLOAD_IMAGE_PATH}`;

let t: TestApp;
let admin: string;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-site-config-'));
  t = await buildTestApp({ env: { UPLOAD_DIR: uploadDir } });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const fieldsOf = (config: Record<string, unknown>) => {
  const { shop_id: _shopId, shop_name: _shopName, domain: _domain, updated_at: _updatedAt, ...fields } = config;
  return fields;
};
const edited = {
  site_name: 'Tea & Things',
  keywords: 'tea, cups',
  description: 'Teas from Yunnan, shipped abroad.',
  logo: '',
  ico: '',
  record_number: '沪ICP备12345678号',
  copyright: '© 2026 Tea & Things',
  service_phone: '+86 21 5555 0100',
};

describe('[SITE CONFIG] happy', () => {
  it('shows the defaults written at provisioning: the store name, its primary domain and a copyright line', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const config = await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token));
    const { rows } = await t.database.executeSql('select shop_name, domain from shops where shop_id = $1', [shopId]);
    const shop = rows[0] as { shop_name: string; domain: string };
    expect(config).toMatchObject({
      shop_id: shopId,
      site_name: shop.shop_name,
      domain: shop.domain,
      keywords: '',
      logo: '',
      updated_at: null,
    });
    expect(config.copyright).toMatch(new RegExp(`^© \\d{4} ${shop.shop_name}$`));
    expect(shop.domain).toContain(shopId);
  });

  it('shows the primary domain the domain pages chose (an internationalised one as people write it)', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const { rows } = await t.database.executeSql('select id from shops where shop_id = $1', [shopId]);
    const shopRef = (rows[0] as { id: number }).id;
    await t.database.executeSql('update shop_domains set is_primary = false where shop_ref = $1', [shopRef]);
    await t.database.executeSql(
      "insert into shop_domains (shop_ref, domain, type, status, is_primary, verify_token) values ($1, 'xn--fiqs8s.example.com', 'manual', 'bound', true, 't')",
      [shopRef],
    );
    expect((await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token))).domain).toBe(
      '中国.example.com',
    );
  });

  it('saves every field but the domain, keeps what provisioning wrote beside them, and reads them back', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const saved = await expectOk(
      t.call(merchantSiteConfigEdit, { shop_id: shopId, ...edited, domain: 'evil.example.com' } as never, token),
    );
    expect(fieldsOf(saved)).toEqual(edited);
    expect(saved.updated_at).not.toBeNull();
    expect(fieldsOf(await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token)))).toEqual(edited);
    const { rows } = await t.database.executeSql('select domain, site_config from shops where shop_id = $1', [shopId]);
    const row = rows[0] as { domain: string; site_config: Record<string, unknown> };
    expect(row.domain).not.toBe('evil.example.com');
    // The keys provisioning wrote that the form does not show stay.
    expect(row.site_config).toMatchObject({ theme: 'default', language: 'zh-CN' });
  });

  it('backfills stores made before this issue (migration 0030): defaults under what they hold', async () => {
    const { token, shopId } = await merchantWithStore(t);
    await t.database.executeSql(
      `update shops set site_config = '{"theme": "default", "keywords": "kept"}'::jsonb where shop_id = $1`,
      [shopId],
    );
    const migration = fs.readFileSync(
      new URL('../src/db/migrations/0030_store_site_config.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "shops"'))!;
    await t.database.executeSql(`${backfill.replace(/;\s*$/, '')} where shop_id = $1`, [shopId]);
    const config = await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token));
    const { rows } = await t.database.executeSql('select shop_name, site_config from shops where shop_id = $1', [
      shopId,
    ]);
    const row = rows[0] as { shop_name: string; site_config: Record<string, unknown> };
    expect(row.site_config).toMatchObject({ site_name: row.shop_name, keywords: 'kept', theme: 'default', logo: '' });
    expect(config).toMatchObject({ site_name: row.shop_name, keywords: 'kept' });
  });

  it('keeps a config saved before the store was ready when provisioning writes the defaults', async () => {
    const { token } = await registerMerchant(t);
    const fields = shopFields();
    await expectOk(t.call(merchantAddShop, { ...fields, package_id: VERSION.professional }, token));
    await expectOk(t.call(merchantSiteConfigEdit, { shop_id: fields.shop_id, ...edited }, token));
    await provision(t);
    const { rows } = await t.database.executeSql('select status, site_config from shops where shop_id = $1', [
      fields.shop_id,
    ]);
    expect((rows[0] as { status: string }).status).not.toBe('initializing');
    expect(fieldsOf(await expectOk(t.call(merchantSiteConfigDetail, { shop_id: fields.shop_id }, token)))).toEqual(
      edited,
    );
  });

  it('takes a PNG or JPEG logo uploaded by the merchant, refuses anything else as an upload format error', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const png = await uploadImage(t.app, { token, bytes: IMAGES.png, name: 'logo.png', url: MERCHANT_UPLOAD_URL });
    expect(png.code).toBe(200);
    const jpg = await uploadImage(t.app, { token, bytes: IMAGES.jpg, name: 'icon.jpg', url: MERCHANT_UPLOAD_URL });
    expect(jpg.code).toBe(200);
    const { rows } = await t.database.executeSql(
      'select uploaded_by_merchant_id, uploaded_by_admin_id from uploads where file_name = $1',
      [png.data!.file_name],
    );
    expect(rows[0]).toMatchObject({ uploaded_by_admin_id: null });
    expect((rows[0] as { uploaded_by_merchant_id: number }).uploaded_by_merchant_id).toBeGreaterThan(0);

    for (const [bytes, name] of [
      [IMAGES.gif, 'logo.gif'],
      [IMAGES.svg, 'logo.png'],
      [IMAGES.html, 'logo.jpg'],
    ] as const) {
      const refused = await uploadImage(t.app, { token, bytes, name, url: MERCHANT_UPLOAD_URL });
      expect(refused.code, name).toBe(ErrorCode.UPLOAD_FORMAT_INVALID);
    }
    const zh = await uploadImage(t.app, {
      token,
      bytes: IMAGES.gif,
      name: 'logo.gif',
      url: MERCHANT_UPLOAD_URL,
      lang: 'zh-CN',
    });
    expect(zh.code).toBe(ErrorCode.UPLOAD_FORMAT_INVALID);
    expect(zh.msg).not.toBe(
      (await uploadImage(t.app, { token, bytes: IMAGES.gif, name: 'logo.gif', url: MERCHANT_UPLOAD_URL })).msg,
    );

    const saved = await expectOk(
      t.call(merchantSiteConfigEdit, { shop_id: shopId, ...edited, logo: png.data!.url, ico: jpg.data!.url }, token),
    );
    expect([saved.logo, saved.ico]).toEqual([png.data!.url, jpg.data!.url]);
    const served = await t.app.inject({ method: 'GET', url: png.data!.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('lets an operator read and edit any store, recording who did it in the audit log', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const before = await expectOk(t.call(adminSiteConfigDetail, { shop_id: shopId }, admin));
    expect(before.site_name).toBeTruthy();
    const adminLogo = await uploadImage(t.app, { token: admin, bytes: IMAGES.png, name: 'logo.png' });
    const saved = await expectOk(
      t.call(adminSiteConfigEdit, { shop_id: shopId, ...edited, logo: adminLogo.data!.url }, admin),
    );
    expect(saved.logo).toBe(adminLogo.data!.url);
    // The merchant sees it, and may save again keeping the operator's logo.
    const seen = await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token));
    expect(seen.logo).toBe(adminLogo.data!.url);
    await expectOk(t.call(merchantSiteConfigEdit, { shop_id: shopId, ...fieldsOf(seen) } as never, token));

    const { rows } = await t.database.executeSql(
      'select a.account, l.target_type, l.target_id, l.before, l.after, l.changed_fields ' +
        'from audit_log l join admins a on a.id = l.admin_id ' +
        "where l.action = 'shop.edit_site_config' and l.target_id = $1",
      [shopId],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0] as {
      account: string;
      target_type: string;
      before: { site_name: string };
      after: { site_name: string; logo: string };
      changed_fields: string[];
    };
    expect(row).toMatchObject({ account: 'admin', target_type: 'shop' });
    expect(row.before.site_name).toBe(before.site_name);
    expect(row.after).toMatchObject({ site_name: edited.site_name, logo: adminLogo.data!.url });
    expect(row.changed_fields).toEqual(expect.arrayContaining(['site_name', 'logo', 'keywords']));
  });
});

describe('[SITE CONFIG] error', () => {
  it('refuses bad fields naming them, in both languages, and changes nothing', async () => {
    const { token, shopId } = await merchantWithStore(t);
    const before = await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token));
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ site_name: '' }, 'site_name', 'Site name is required', '请输入站点名称'],
      [{ site_name: 'x'.repeat(51) }, 'site_name', 'Site name must be at most 50 characters', '站点名称最多 50 个字符'],
      [{ keywords: 'k'.repeat(201) }, 'keywords', 'Keywords must be at most 200 characters', '关键词最多 200 个字符'],
      [
        { description: 'd'.repeat(501) },
        'description',
        'Description must be at most 500 characters',
        '描述最多 500 个字符',
      ],
      [
        { logo: 'javascript:alert(1)' },
        'logo',
        'Logo must be an uploaded image or an https URL',
        '网站 Logo须为上传的图片或 https 地址',
      ],
      [
        { ico: 'http://example.com/x.png' },
        'ico',
        'Icon must be an uploaded image or an https URL',
        '网站图标须为上传的图片或 https 地址',
      ],
      [
        { record_number: 'r'.repeat(51) },
        'record_number',
        'Record number must be at most 50 characters',
        '备案号最多 50 个字符',
      ],
      [
        { copyright: 'c'.repeat(101) },
        'copyright',
        'Copyright must be at most 100 characters',
        '版权信息最多 100 个字符',
      ],
      [
        { service_phone: 'call me' },
        'service_phone',
        'Service phone is not a valid phone number',
        '客服电话格式不正确',
      ],
    ];
    for (const [change, field, english, chinese] of cases) {
      for (const [lang, message] of [
        ['en-US', english],
        ['zh-CN', chinese],
      ]) {
        const answer = await t.callRaw<{ errors: Array<{ field: string; message: string }> }>(
          merchantSiteConfigEdit.path,
          { shop_id: shopId, ...edited, ...change, lang_code: lang },
          token,
        );
        expect([answer.code, answer.msg], `${field} ${lang}`).toEqual([ErrorCode.VALIDATION_FAILED, message]);
        expect(answer.data.errors[0].field).toBe(field);
      }
    }
    expect(await expectOk(t.call(merchantSiteConfigDetail, { shop_id: shopId }, token))).toEqual(before);
  });

  it('refuses an upload name that was never handed out, or another merchant’s upload', async () => {
    const a = await merchantWithStore(t);
    const b = await merchantWithStore(t);
    const bLogo = await uploadImage(t.app, {
      token: b.token,
      bytes: IMAGES.png,
      name: 'b.png',
      url: MERCHANT_UPLOAD_URL,
    });
    for (const logo of ['/uploads/0123456789abcdef0123456789abcdef.png', bLogo.data!.url]) {
      const answer = await t.callRaw<{ errors: Array<{ field: string }> }>(
        merchantSiteConfigEdit.path,
        { shop_id: a.shopId, ...edited, logo, lang_code: 'en-US' },
        a.token,
      );
      expect([answer.code, answer.msg]).toEqual([
        ErrorCode.VALIDATION_FAILED,
        'Logo must be an uploaded image or an https URL',
      ]);
      expect(answer.data.errors[0].field).toBe('logo');
      // Nor can an operator put B's image on A's store.
      expect((await t.call(adminSiteConfigEdit, { shop_id: a.shopId, ...edited, logo }, admin)).code).toBe(
        ErrorCode.VALIDATION_FAILED,
      );
    }
    expect((await t.call(adminSiteConfigEdit, { shop_id: 'nosuchstore', ...edited }, admin)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('[SITE CONFIG] security', () => {
  it('merchant B can neither read nor edit A’s config, and roles stay apart', async () => {
    const a = await merchantWithStore(t);
    const b = await registerMerchant(t);
    const before = await expectOk(t.call(merchantSiteConfigDetail, { shop_id: a.shopId }, a.token));
    expect((await t.call(merchantSiteConfigDetail, { shop_id: a.shopId }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(merchantSiteConfigEdit, { shop_id: a.shopId, ...edited }, b.token)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await t.call(adminSiteConfigEdit, { shop_id: a.shopId, ...edited }, b.token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await t.call(merchantSiteConfigDetail, { shop_id: a.shopId }, admin)).code).toBe(ErrorCode.NO_PERMISSION);
    expect(
      (await uploadImage(t.app, { token: admin, bytes: IMAGES.png, name: 'x.png', url: MERCHANT_UPLOAD_URL })).code,
    ).toBe(ErrorCode.NO_PERMISSION);
    expect((await uploadImage(t.app, { bytes: IMAGES.png, name: 'x.png', url: MERCHANT_UPLOAD_URL })).code).toBe(
      ErrorCode.TOKEN_EXPIRED,
    );
    expect(await expectOk(t.call(merchantSiteConfigDetail, { shop_id: a.shopId }, a.token))).toEqual(before);
  });

  it('limits how many images a merchant uploads in a window, per merchant', async () => {
    const merchant = await registerMerchant(t);
    const other = await registerMerchant(t);
    expect(
      (
        await uploadImage(t.app, {
          token: merchant.token,
          bytes: IMAGES.png,
          name: 'logo.png',
          url: MERCHANT_UPLOAD_URL,
        })
      ).code,
    ).toBe(200);
    // The rest of the window's budget spent (as that many uploads would), the next upload is refused.
    const windowMs = IP_RATE_BUDGETS['merchant-upload'].windowSeconds * 1000;
    const now = t.app.clock.now().getTime();
    await t.database.executeSql(
      "update ip_rate_limits set hits = $1 where bucket = 'merchant-upload' and ip = $2 and window_start = $3",
      [
        t.app.services.ipRateLimit.limitOf('merchant-upload'),
        `merchant:${merchant.id}`,
        new Date(now - (now % windowMs)).toISOString(),
      ],
    );
    const refused = await uploadImage(t.app, {
      token: merchant.token,
      bytes: IMAGES.png,
      name: 'logo.png',
      url: MERCHANT_UPLOAD_URL,
    });
    expect(refused.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(
      (await uploadImage(t.app, { token: other.token, bytes: IMAGES.png, name: 'logo.png', url: MERCHANT_UPLOAD_URL }))
        .code,
    ).toBe(200);
  });
});
