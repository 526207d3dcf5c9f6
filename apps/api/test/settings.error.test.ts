import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminConfigList,
  adminSetConfig,
  adminTestSendEmail,
  adminTestSendSms,
  adminTestSendWecom,
} from '@parlour/contract/calls/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { IMAGES, UPLOAD_URL, startFakeAliyunSms, startFakeSmtp, startFakeWecom, uploadImage } from './settings-fakes';
import { expectOk, signInAdmin } from './shop-helper';

const ALIYUN = {
  accessKeyId: 'LTAI5tTestKeyId02',
  accessKeySecret: 'right-Secret-11',
  signName: 'Parlour',
  templateCode: 'SMS_1000001',
};

describe('settings: errors', () => {
  let t: TestApp;
  let admin: string;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let wecom: Awaited<ReturnType<typeof startFakeWecom>>;
  let aliyun: Awaited<ReturnType<typeof startFakeAliyunSms>>;
  let uploadDir: string;

  beforeAll(async () => {
    [smtp, wecom, aliyun] = await Promise.all([
      startFakeSmtp({ user: 'u@parlour.test', password: 'right-pass' }),
      startFakeWecom(['good-key']),
      startFakeAliyunSms(ALIYUN),
    ]);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-uploads-'));
    t = await buildTestApp({
      env: { UPLOAD_DIR: uploadDir, ALIYUN_SMS_ENDPOINT: aliyun.baseUrl, WECOM_WEBHOOK_BASE: wecom.baseUrl },
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
  const snapshot = () => expectOk(t.call(adminConfigList, {}, admin));

  it('refuses bad values per group with a translated message naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
      ['site', { site_name: '' }, 'values.site_name', 'Site name is required', '请输入站点名称'],
      [
        'site',
        { site_name: 'P', domain: 'http://bad domain' },
        'values.domain',
        'Site domain must be a hostname such as www.example.com',
        '站点域名格式不正确（如 www.example.com）',
      ],
      [
        'site',
        { site_name: 'P', logo: 'javascript:alert(1)' },
        'values.logo',
        'Logo must be an uploaded image or an https URL',
        '网站 Logo须为上传的图片或 https 地址',
      ],
      [
        'site',
        { site_name: 'P', service_phone: 'call me' },
        'values.service_phone',
        'Service phone is not a valid phone number',
        '客服电话格式不正确',
      ],
      [
        'mail',
        { smtp_host: 'smtp.example.com', smtp_port: 70000, mail_sender: 'a@b.co' },
        'values.smtp_port',
        'SMTP port must be a whole number from 1 to 65535',
        'SMTP 端口须为 1-65535 的整数',
      ],
      [
        'mail',
        { smtp_host: 'smtp.example.com', smtp_security: 'tls13' },
        'values.smtp_security',
        'SMTP security must be none, STARTTLS or SSL',
        '请选择加密方式',
      ],
      [
        'mail',
        { smtp_host: 'smtp.example.com', mail_sender: 'not an address' },
        'values.mail_sender',
        'Sender must be an email address or "Name <address>"',
        '发件人须为邮箱，或“名称 <邮箱>”',
      ],
      [
        'mail',
        { smtp_host: 'smtp.example.com' },
        'values.mail_sender',
        'Sender is required when an SMTP host is set',
        '设置 SMTP 服务器时须填写发件人',
      ],
      [
        'sms',
        { sms_provider: 'aliyun', access_key_id: 'abc', access_key_secret: 'x', sign_name: 'P' },
        'values.template_code',
        'SMS template code is required',
        '请输入短信模板编号',
      ],
      [
        'sms',
        { sms_provider: 'tencent' },
        'values.sms_provider',
        'SMS provider must be Aliyun or none',
        '请选择短信服务商',
      ],
      [
        'wecom',
        { webhook_url: 'https://example.com/hook' },
        'values.webhook_url',
        'Webhook URL must be a WeCom robot address (…/cgi-bin/webhook/send?key=…)',
        'Webhook 地址须为企业微信机器人地址（…/cgi-bin/webhook/send?key=…）',
      ],
      [
        'platform',
        {
          captcha_failure_threshold: 0,
          store_limit_per_merchant: 5,
          domains_per_store: 3,
          payment_window_minutes: 30,
          grace_days: 7,
        },
        'values.captcha_failure_threshold',
        'Captcha threshold must be a whole number from 1 to 100',
        '验证码触发次数须为 1-100 的整数',
      ],
      [
        'platform',
        {
          captcha_failure_threshold: 5,
          store_limit_per_merchant: 5,
          domains_per_store: 3,
          payment_window_minutes: 2,
          grace_days: 7,
        },
        'values.payment_window_minutes',
        'Bill payment window must be 5 to 1440 minutes',
        '账单支付时限须为 5-1440 分钟',
      ],
    ];
    for (const [group, values, field, english, chinese] of cases) {
      const answer = await set(group, values);
      expect(answer.code, `${group} ${field}`).toBe(10001);
      expect(answer.msg).toBe(english);
      expect((answer.data as unknown as { errors: Array<{ field: string }> }).errors[0].field).toBe(field);
      expect((await set(group, values, 'zh-CN')).msg).toBe(chinese);
    }
    expect((await t.callRaw(adminSetConfig, { group: 'secrets', values: {} }, admin)).code).toBe(10001);
    expect(await snapshot()).toEqual(before);
  });

  it('needs a secret the first time a provider is chosen, and refuses a webhook off the WeCom host', async () => {
    const sms = await set('sms', {
      sms_provider: 'aliyun',
      access_key_id: 'abc',
      sign_name: 'P',
      template_code: 'SMS_1',
    });
    expect([sms.code, sms.msg]).toEqual([10001, 'AccessKey secret is required']);
    const hook = await set('wecom', { webhook_url: 'https://evil.example.com/cgi-bin/webhook/send?key=abc' }, 'zh-CN');
    expect([hook.code, hook.msg]).toEqual([10001, 'Webhook 地址须为企业微信的地址（qyapi.weixin.qq.com）']);
    const logo = await set('site', { site_name: 'P', logo: '/uploads/0123456789abcdef0123456789abcdef.png' });
    expect([logo.code, logo.msg]).toEqual([10001, 'Logo must be an uploaded image or an https URL']);
  });

  it('says a test send needs saved settings first', async () => {
    const mail = await t.call(adminTestSendEmail, { to: 'someone@example.com', lang_code: 'en-US' }, admin);
    expect([mail.code, mail.msg]).toEqual([12050, 'Save the SMTP server settings first']);
    expect((await t.call(adminTestSendSms, { mobile: '13800138000', lang_code: 'zh-CN' }, admin)).msg).toBe(
      '请先选择短信服务商并保存完整的短信设置',
    );
    expect((await t.call(adminTestSendWecom, { content: 'hi', lang_code: 'en-US' }, admin)).msg).toBe(
      'Save the robot webhook URL first',
    );
    expect((await t.call(adminTestSendEmail, { to: 'nope' }, admin)).code).toBe(10001);
    expect((await t.call(adminTestSendSms, { mobile: '123' }, admin)).code).toBe(10001);
    expect((await t.call(adminTestSendWecom, { content: '  ' }, admin)).code).toBe(10001);
  });

  it("shows a generic reason for SMTP failures and the provider API's own code for SMS and WeCom", async () => {
    await expectOk(
      set('mail', {
        smtp_host: '127.0.0.1',
        smtp_port: smtp.port,
        smtp_security: 'none',
        smtp_user: 'u@parlour.test',
        smtp_password: 'wrong-pass',
        mail_sender: 'a@parlour.test',
      }),
    );
    const mail = await t.call(adminTestSendEmail, { to: 'x@example.com', lang_code: 'en-US' }, admin);
    expect(mail.code).toBe(12050);
    // Our words, not the server's reply (which would make the test send read any listener's banner).
    expect(mail.msg).toBe('Sending failed: the server refused the user name or password');
    expect(smtp.received).toHaveLength(0);
    // STARTTLS required but the server does not offer it.
    await expectOk(
      set('mail', {
        smtp_host: '127.0.0.1',
        smtp_port: smtp.port,
        smtp_security: 'starttls',
        smtp_user: 'u@parlour.test',
        smtp_password: 'right-pass',
        mail_sender: 'a@parlour.test',
      }),
    );
    expect((await t.call(adminTestSendEmail, { to: 'x@example.com', lang_code: 'zh-CN' }, admin)).msg).toBe(
      '发送失败：TLS 加密连接失败（请检查加密方式与端口）',
    );

    await expectOk(
      set('sms', {
        sms_provider: 'aliyun',
        access_key_id: ALIYUN.accessKeyId,
        access_key_secret: 'wrong-secret',
        sign_name: ALIYUN.signName,
        template_code: ALIYUN.templateCode,
      }),
    );
    const badSignature = await t.call(adminTestSendSms, { mobile: '13800138000', lang_code: 'en-US' }, admin);
    expect([badSignature.code, badSignature.msg]).toEqual([
      12050,
      expect.stringMatching(/^Sending failed: SignatureDoesNotMatch: /),
    ]);
    await expectOk(
      set('sms', {
        sms_provider: 'aliyun',
        access_key_id: ALIYUN.accessKeyId,
        access_key_secret: ALIYUN.accessKeySecret,
        sign_name: 'Unknown',
        template_code: ALIYUN.templateCode,
      }),
    );
    expect((await t.call(adminTestSendSms, { mobile: '13800138000', lang_code: 'zh-CN' }, admin)).msg).toBe(
      '发送失败：isv.SMS_SIGNATURE_ILLEGAL: 该账号下找不到对应签名',
    );
    expect(aliyun.received).toHaveLength(0);

    await expectOk(set('wecom', { webhook_url: wecom.webhookFor('revoked-key') }));
    const robot = await t.call(adminTestSendWecom, { content: 'hi', lang_code: 'en-US' }, admin);
    expect([robot.code, robot.msg]).toEqual([
      12050,
      expect.stringMatching(/^Sending failed: 93000 invalid webhook url/),
    ]);
  });

  it('says so when the provider cannot be reached', async () => {
    await expectOk(set('wecom', { webhook_url: `${wecom.baseUrl}/cgi-bin/webhook/send?key=good-key` }));
    await wecom.close();
    const answer = await t.call(adminTestSendWecom, { content: 'hi', lang_code: 'en-US' }, admin);
    expect([answer.code, answer.msg]).toEqual([12050, 'Sending failed: could not connect to the server']);
    wecom = await startFakeWecom(['good-key']);
  });

  it('refuses uploads that are not JPG or PNG by content, or too large, with the upload-format error', async () => {
    for (const [bytes, name, type] of [
      [IMAGES.gif, 'anim.gif', 'image/gif'],
      [IMAGES.svg, 'logo.svg', 'image/svg+xml'],
      [IMAGES.html, 'logo.png', 'image/png'],
      [Buffer.alloc(0), 'empty.png', 'image/png'],
    ] as const) {
      const answer = await uploadImage(t.app, { token: admin, bytes, name, type });
      expect([answer.code, answer.msg], name).toEqual([12040, 'Only JPG and PNG images are allowed']);
    }
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await uploadImage(t.app, {
      token: admin,
      bytes: big,
      name: 'big.png',
      type: 'image/png',
      lang: 'zh-CN',
    });
    expect([tooBig.code, tooBig.msg]).toEqual([12040, '图片不能超过 2 MB']);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: UPLOAD_URL,
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(notMultipart.json()).toMatchObject({ code: 12040 });
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });

  it('answers 404 for files it did not hand out', async () => {
    for (const url of [
      '/uploads/nothing.png',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/0123456789abcdef0123456789abcdef.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
