import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminConfigGroups,
  adminConfigList,
  adminSetConfig,
  adminTestSendEmail,
  adminTestSendSms,
  adminTestSendWecom,
} from '@parlour/contract/calls/settings';
import { merchantConfigList } from '@parlour/contract/calls/site-settings';
import {
  checkEmailCode,
  merchantLogin,
  merchantMobileRegister,
  sendEmailCode,
  sendMobileCode,
} from '@parlour/contract/calls/account';
import { merchantChangePassword } from '@parlour/contract/calls/account-security';
import { merchantPublicVersions } from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunPercentEncode, signAliyunRpc } from '../src/providers/sms/aliyun-sms-provider';
import { PASSWORD_NOTICE_QUEUE } from '../src/modules/accounts/account/password-notice';
import { buildTestApp, GOOD_PASSWORD, OTHER_PASSWORD, uniqueEmail, uniqueMobile, type TestApp } from './helper';
import { IMAGES, startFakeAliyunSms, startFakeSmtp, startFakeWecom, uploadImage } from './settings-fakes';
import { expectOk, signInAdmin } from './shop-helper';
import { fixedReservedShopIds } from '../src/modules/stores/shop/reserved-shop-ids';

/** The platform rules' reserved store IDs when the operator has added none (no SITE_HOSTS / CONSOLE_HOSTS in tests). */
const NO_RESERVED_SHOP_IDS = { reserved_shop_ids: [], reserved_shop_ids_fixed: fixedReservedShopIds([]) };

const SMTP_USER = 'mailer@parlour.test';
const SMTP_PASSWORD = 'smtp-Pass-7f3a';
const ALIYUN = {
  accessKeyId: 'LTAI5tTestKeyId01',
  accessKeySecret: 'aliyun-Secret-9c1d',
  signName: '阿里云短信测试',
  templateCode: 'SMS_154950909',
  noticeTemplateCode: 'SMS_4711',
};
const WECOM_KEY = '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa';

const site = {
  site_name: 'Parlour 店铺云',
  domain: 'www.parlour.test',
  keywords: '跨境, 代购, 建站',
  description: '为跨境反向代购商家提供的一站式建站平台',
  logo: '',
  ico: '',
  record_number: '京ICP备12345678号-1',
  copyright: '© 2026 Parlour',
  service_phone: '400-800-1234',
};

describe('settings: happy paths', () => {
  let t: TestApp;
  let admin: string;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let wecom: Awaited<ReturnType<typeof startFakeWecom>>;
  let aliyun: Awaited<ReturnType<typeof startFakeAliyunSms>>;
  let uploadDir: string;
  let phoneMerchant = '';

  beforeAll(async () => {
    [smtp, wecom, aliyun] = await Promise.all([
      startFakeSmtp({ user: SMTP_USER, password: SMTP_PASSWORD }),
      startFakeWecom([WECOM_KEY]),
      startFakeAliyunSms(ALIYUN),
    ]);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-uploads-'));
    t = await buildTestApp({
      recordMail: false,
      // Verification codes go through the configured provider, not the recording one.
      sms: undefined,
      env: {
        UPLOAD_DIR: uploadDir,
        ALIYUN_SMS_ENDPOINT: aliyun.baseUrl,
        WECOM_WEBHOOK_BASE: wecom.baseUrl,
        CODE_SENDS_PER_IP_PER_HOUR: '1000',
      },
    });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), wecom.close(), aliyun.close()]);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const set = (group: string, values: Record<string, unknown>, lang = 'en-US') =>
    t.callRaw(adminSetConfig, { group, values, lang_code: lang }, admin);

  it('answers every group with defaults and no secret set', async () => {
    const all = await expectOk(t.call(adminConfigList, {}, admin));
    expect(all.site.site_name).toBe('Parlour');
    expect(all.mail).toMatchObject({ smtp_host: '', smtp_password_is_set: false });
    expect(all.sms).toMatchObject({ sms_provider: 'none', access_key_secret_is_set: false });
    expect(all.wecom).toEqual({ webhook_url_is_set: false, webhook_url_masked: '' });
    expect(all.platform).toEqual({
      captcha_failure_threshold: 5,
      store_limit_per_merchant: 5,
      domains_per_store: 3,
      payment_window_minutes: 30,
      grace_days: 7,
      business_time_zone: 'Asia/Shanghai',
      require_admin_two_factor: false,
      ...NO_RESERVED_SHOP_IDS,
    });
    const groups = await expectOk(t.call(adminConfigGroups, {}, admin));
    expect(groups.list.map((item) => item.group)).toEqual(['site', 'mail', 'sms', 'wecom', 'platform']);
    expect(groups.list.every((item) => !item.is_configured)).toBe(true);
  });

  it('saves the site group, which the public configList answers to anyone', async () => {
    const saved = await expectOk(set('site', site));
    expect(saved.site).toEqual(site);
    const shown = await expectOk(t.call(merchantConfigList, {}));
    expect(shown).toEqual({ ...site, business_time_zone: 'Asia/Shanghai' });
    const groups = await expectOk(t.call(adminConfigGroups, {}, admin));
    expect(groups.list.find((item) => item.group === 'site')).toMatchObject({
      is_configured: true,
      updated_at: expect.any(String),
    });
  });

  it('uploads a PNG and a JPG, serves them with safe headers, and takes them as logo and icon', async () => {
    const png = await uploadImage(t.app, { token: admin, bytes: IMAGES.png, name: 'logo.png', type: 'image/png' });
    expect(png.code).toBe(200);
    expect(png.data).toMatchObject({
      mime: 'image/png',
      size: IMAGES.png.length,
      url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.png$/),
    });
    // The name is ours, not the client's.
    expect(png.data?.file_name).not.toContain('logo');
    const jpg = await uploadImage(t.app, { token: admin, bytes: IMAGES.jpg, name: 'favicon.jpeg', type: 'image/jpeg' });
    expect(jpg.data).toMatchObject({ mime: 'image/jpeg', url: expect.stringMatching(/\.jpg$/) });

    const served = await t.app.inject({ method: 'GET', url: png.data!.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toContain('max-age');
    expect(fs.existsSync(path.join(uploadDir, png.data!.file_name))).toBe(true);

    const saved = await expectOk(set('site', { ...site, logo: png.data!.url, ico: jpg.data!.url }));
    expect(saved.site).toMatchObject({ logo: png.data!.url, ico: jpg.data!.url });
  });

  it('sends a test mail through the saved SMTP server, which then carries the platform mail; an empty password keeps the stored one', async () => {
    const mail = {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_security: 'none',
      smtp_user: SMTP_USER,
      smtp_password: SMTP_PASSWORD,
      mail_sender: 'Parlour <noreply@parlour.test>',
    };
    const saved = await expectOk(set('mail', mail));
    expect(saved.mail).toEqual({ ...mail, smtp_password: undefined, smtp_password_is_set: true });
    // Saved again with the password left empty: the stored one is kept (the server still accepts the login).
    await expectOk(set('mail', { ...mail, smtp_password: '' }));

    const to = uniqueEmail('test-send');
    expect((await t.call(adminTestSendEmail, { to, lang_code: 'en-US' }, admin)).code).toBe(200);
    const test = smtp.received.find((item) => item.to.includes(to));
    expect(test).toMatchObject({ from: 'noreply@parlour.test', user: SMTP_USER });
    expect(test?.raw).toContain('test email from Parlour');

    // Verification codes now go through the same server.
    const email = uniqueEmail();
    expect((await t.call(sendEmailCode, { email, event: 'register', lang_code: 'en-US' })).code).toBe(200);
    const code = /verification code is (\d{6})/.exec(
      smtp.received.find((item) => item.to.includes(email))?.raw ?? '',
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect((await t.callRaw(checkEmailCode, { email, code, event: 'register' })).code).toBe(200);
  });

  it('sends a test SMS through Aliyun SendSms with a valid signature, and verification codes follow', async () => {
    const sms = {
      sms_provider: 'aliyun',
      access_key_id: ALIYUN.accessKeyId,
      access_key_secret: ALIYUN.accessKeySecret,
      sign_name: ALIYUN.signName,
      template_code: ALIYUN.templateCode,
    };
    const saved = await expectOk(set('sms', sms));
    expect(saved.sms).toEqual({
      sms_provider: 'aliyun',
      access_key_id: ALIYUN.accessKeyId,
      sign_name: ALIYUN.signName,
      template_code: ALIYUN.templateCode,
      notice_template_code: '',
      access_key_secret_is_set: true,
    });

    const mobile = uniqueMobile();
    expect((await t.call(adminTestSendSms, { mobile }, admin)).code).toBe(200);
    const test = aliyun.received.find((item) => item.params.PhoneNumbers === mobile);
    expect(test?.params).toMatchObject({
      Action: 'SendSms',
      Format: 'JSON',
      SignName: ALIYUN.signName,
      TemplateCode: ALIYUN.templateCode,
      Version: '2017-05-25',
    });
    expect(JSON.parse(test!.params.TemplateParam)).toEqual({ code: expect.stringMatching(/^\d{6}$/) });

    // A merchant registering by phone gets the code by SMS and can use it.
    phoneMerchant = uniqueMobile();
    expect((await t.call(sendMobileCode, { mobile: phoneMerchant, event: 'register' })).code).toBe(200);
    const code = (
      JSON.parse(aliyun.received.find((item) => item.params.PhoneNumbers === phoneMerchant)!.params.TemplateParam) as {
        code: string;
      }
    ).code;
    const registered = await t.call(merchantMobileRegister, {
      mobile: phoneMerchant,
      code,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      agree: true,
    });
    expect(registered.code).toBe(200);
  });

  it("texts a phone-only merchant that its password changed through the SMS settings' notice template, and says so when none is set", async () => {
    const mobile = uniqueMobile();
    expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
    const code = (
      JSON.parse(aliyun.received.find((item) => item.params.PhoneNumbers === mobile)!.params.TemplateParam) as {
        code: string;
      }
    ).code;
    const merchant = await expectOk(
      t.call(merchantMobileRegister, {
        mobile,
        code,
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        agree: true,
      }),
    );
    const changeTo = async (current: string, next: string) => {
      await expectOk(
        t.call(
          merchantChangePassword,
          { current_password: current, password: next, confirm_password: next },
          merchant.userinfo.token,
        ),
      );
      const job = t.queued
        .filter((item) => item.queue === PASSWORD_NOTICE_QUEUE && item.data.merchantId === merchant.userinfo.id)
        .at(-1)!;
      const delivery = await t.app.jobs.find((item) => item.queue === PASSWORD_NOTICE_QUEUE)!.run(job.data);
      return { delivery, changedAt: String(job.data.changedAt) };
    };

    // The code template alone: the notice is not sent, and the job says why.
    const received = aliyun.received.length;
    expect((await changeTo(GOOD_PASSWORD, OTHER_PASSWORD)).delivery).toEqual({ delivery: 'no_template' });
    expect(aliyun.received.length).toBe(received);

    // The secret stored by the test above is kept (sent empty).
    const sms = {
      sms_provider: 'aliyun',
      access_key_id: ALIYUN.accessKeyId,
      access_key_secret: '',
      sign_name: ALIYUN.signName,
      template_code: ALIYUN.templateCode,
    };
    expect(
      (await expectOk(set('sms', { ...sms, notice_template_code: ALIYUN.noticeTemplateCode }))).sms
        .notice_template_code,
    ).toBe(ALIYUN.noticeTemplateCode);
    const { delivery, changedAt } = await changeTo(OTHER_PASSWORD, GOOD_PASSWORD);
    expect(delivery).toEqual({ delivery: 'sent' });
    const notice = aliyun.received.at(-1)!;
    expect(notice.params).toMatchObject({
      PhoneNumbers: mobile,
      SignName: ALIYUN.signName,
      TemplateCode: ALIYUN.noticeTemplateCode,
    });
    expect(JSON.parse(notice.params.TemplateParam)).toEqual({ time: changedAt.slice(0, 16).replace('T', ' ') });
    // Codes keep their own template.
    expect((await t.call(sendMobileCode, { mobile: uniqueMobile(), event: 'register' })).code).toBe(200);
    expect(aliyun.received.at(-1)!.params.TemplateCode).toBe(ALIYUN.templateCode);
    expect(
      (
        await t.callRaw(
          adminSetConfig,
          { group: 'sms', values: { ...sms, notice_template_code: 'SMS-1' }, lang_code: 'en-US' },
          admin,
        )
      ).code,
    ).toBe(10001);
  });

  it('posts a test message through the WeCom robot and shows the webhook masked', async () => {
    const saved = await expectOk(set('wecom', { webhook_url: wecom.webhookFor(WECOM_KEY) }));
    expect(saved.wecom.webhook_url_is_set).toBe(true);
    expect(saved.wecom.webhook_url_masked).toBe(`${wecom.baseUrl}/cgi-bin/webhook/send?key=693a****5aaa`);
    expect((await t.call(adminTestSendWecom, { content: 'Parlour 测试消息' }, admin)).code).toBe(200);
    expect(wecom.received.at(-1)).toEqual({
      key: WECOM_KEY,
      contentType: 'application/json',
      body: { msgtype: 'text', text: { content: 'Parlour 测试消息' } },
    });
    // Saving with the field empty keeps it; clearing removes it.
    expect((await expectOk(set('wecom', { webhook_url: '' }))).wecom.webhook_url_is_set).toBe(true);
    expect((await expectOk(set('wecom', { is_cleared: true }))).wecom).toEqual({
      webhook_url_is_set: false,
      webhook_url_masked: '',
    });
  });

  it('applies the platform rules: the captcha threshold drives login', async () => {
    const rules = {
      captcha_failure_threshold: 2,
      store_limit_per_merchant: 8,
      domains_per_store: 4,
      payment_window_minutes: 45,
      grace_days: 10,
    };
    expect((await expectOk(set('platform', rules))).platform).toEqual({
      ...rules,
      business_time_zone: 'Asia/Shanghai',
      require_admin_two_factor: false,
      ...NO_RESERVED_SHOP_IDS,
    });
    expect(await t.app.services.settings.getPlatformRules()).toEqual(rules);

    // The merchant registered by phone above.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await t.call(merchantLogin, { account: phoneMerchant, password: 'Wrong#Pass1' })).code).toBe(11001);
    }
    expect((await t.call(merchantLogin, { account: phoneMerchant, password: GOOD_PASSWORD })).code).toBe(11003);
  });

  it('lists the enabled store versions publicly for the pricing page', async () => {
    const answer = await expectOk(t.call(merchantPublicVersions, {}));
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.list.every((version) => version.status === 'enabled' && version.prices.length === 10)).toBe(true);
  });
});

describe('Aliyun RPC signature', () => {
  it('encodes as the API documents (space as %20, * and ~ per RFC 3986)', () => {
    expect(aliyunPercentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(aliyunPercentEncode('阿里')).toBe('%E9%98%BF%E9%87%8C');
  });

  it('matches the example of the SendSms documentation', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyunRpc('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});
