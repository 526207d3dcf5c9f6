import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminConfigGroups, adminConfigList, adminSetConfig, adminTestSendEmail, adminTestSendSms, adminTestSendWecom } from '@parlour/contract/calls/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { IMAGES, SETTINGS_PATHS as S, startFakeAliyunSms, startFakeSmtp, startFakeWecom, uploadImage } from './settings-fakes';
import { expectOk, signInAdmin } from './store-helper';

const SECRETS = { smtp: 'Smtp-Secret-Value-42', aliyun: 'Aliyun-Secret-Value-42', wecomKey: 'wecom-secret-key-value-42' };
const ALIYUN = { accessKeyId: 'LTAI5tTestKeyId03', accessKeySecret: SECRETS.aliyun, signName: 'Parlour', templateCode: 'SMS_1000002' };

describe('settings: security', () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let wecom: Awaited<ReturnType<typeof startFakeWecom>>;
  let aliyun: Awaited<ReturnType<typeof startFakeAliyunSms>>;
  let uploadDir: string;

  beforeAll(async () => {
    [smtp, wecom, aliyun] = await Promise.all([startFakeSmtp({ user: 'u@parlour.test', password: SECRETS.smtp }), startFakeWecom([SECRETS.wecomKey]), startFakeAliyunSms(ALIYUN)]);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-uploads-'));
    t = await buildTestApp({ env: { UPLOAD_DIR: uploadDir, ALIYUN_SMS_ENDPOINT: aliyun.baseUrl, WECOM_WEBHOOK_BASE: wecom.baseUrl } });
    admin = await signInAdmin(t);
    merchant = (await registerMerchant(t)).token;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), wecom.close(), aliyun.close()]);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const adminCalls: Array<[string, Record<string, unknown>]> = [
    [adminConfigList.path, {}],
    [adminConfigGroups.path, {}],
    [adminSetConfig.path, { group: 'site', values: { site_name: 'Hijacked' } }],
    [adminTestSendEmail.path, { to: 'x@example.com' }],
    [adminTestSendSms.path, { mobile: '13800138000' }],
    [adminTestSendWecom.path, { content: 'hi' }],
  ];

  it('refuses a merchant token on every operator settings call and the upload (10003), and no token (10000)', async () => {
    for (const [callPath, body] of adminCalls) {
      expect((await t.call(callPath, body, merchant)).code, callPath).toBe(10003);
      expect((await t.call(callPath, body)).code, callPath).toBe(10000);
      expect((await t.call(callPath, body, 'forged-token')).code, callPath).toBe(10000);
    }
    expect((await uploadImage(t.app, { token: merchant, bytes: IMAGES.png, name: 'a.png' })).code).toBe(10003);
    expect((await uploadImage(t.app, { bytes: IMAGES.png, name: 'a.png' })).code).toBe(10000);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
    expect((await expectOk(t.call<{ site: { site_name: string } }>(S.configList, {}, admin))).site.site_name).toBe('Parlour');
  });

  it('never answers a secret, whatever the call or its outcome', async () => {
    await expectOk(t.call(S.set, { group: 'mail', values: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_security: 'none', smtp_user: 'u@parlour.test', smtp_password: SECRETS.smtp, mail_sender: 'a@parlour.test' } }, admin));
    await expectOk(t.call(S.set, { group: 'sms', values: { sms_provider: 'aliyun', access_key_id: ALIYUN.accessKeyId, access_key_secret: SECRETS.aliyun, sign_name: ALIYUN.signName, template_code: ALIYUN.templateCode } }, admin));
    await expectOk(t.call(S.set, { group: 'wecom', values: { webhook_url: wecom.webhookFor(SECRETS.wecomKey) } }, admin));

    const answers: unknown[] = [];
    for (const [callPath, body] of adminCalls) answers.push(await t.call(callPath, body, admin));
    answers.push(await t.call(S.publicConfig, {}));
    // Failures too: a wrong SMTP user, a refused SMS signature.
    await expectOk(t.call(S.set, { group: 'mail', values: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_security: 'none', smtp_user: 'wrong@parlour.test', smtp_password: '', mail_sender: 'a@parlour.test' } }, admin));
    answers.push(await t.call(S.testEmail, { to: 'x@example.com' }, admin));
    await expectOk(t.call(S.set, { group: 'sms', values: { sms_provider: 'aliyun', access_key_id: 'LTAIunknown', access_key_secret: '', sign_name: 'Parlour', template_code: 'SMS_1' } }, admin));
    answers.push(await t.call(S.testSms, { mobile: '13800138000' }, admin));

    const text = JSON.stringify(answers);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).toContain('"smtp_password_is_set":true');
    expect(text).toContain('"access_key_secret_is_set":true');
  });

  it('does not let the public configList reveal anything but the site group', async () => {
    const answer = await t.call<Record<string, unknown>>(S.publicConfig, {}, merchant);
    expect(Object.keys(answer.data).sort()).toEqual(['copyright', 'description', 'domain', 'ico', 'keywords', 'logo', 'record_number', 'service_phone', 'site_name']);
  });

  it('serves an upload so that a browser cannot run it as a page', async () => {
    const uploaded = await uploadImage(t.app, { token: admin, bytes: IMAGES.png, name: '<script>.html', type: 'text/html' });
    expect(uploaded.data?.file_name).toMatch(/^[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: uploaded.data!.url });
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });
});
