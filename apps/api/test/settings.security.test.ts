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
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '../src/db/schema/index';
import {
  createSecretBox,
  DEVELOPMENT_SECRETS_KEY,
  parseSecretsKey,
  SecretUnreadableError,
} from '../src/lib/secret-box';
import { loadConfig } from '../src/config';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { IMAGES, startFakeAliyunSms, startFakeSmtp, startFakeWecom, uploadImage } from './settings-fakes';
import { expectOk, signInAdmin } from './shop-helper';

const SECRETS = {
  smtp: 'Smtp-Secret-Value-42',
  aliyun: 'Aliyun-Secret-Value-42',
  wecomKey: 'wecom-secret-key-value-42',
};
const ALIYUN = {
  accessKeyId: 'LTAI5tTestKeyId03',
  accessKeySecret: SECRETS.aliyun,
  signName: 'Parlour',
  templateCode: 'SMS_1000002',
};

describe('settings: security', () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let wecom: Awaited<ReturnType<typeof startFakeWecom>>;
  let aliyun: Awaited<ReturnType<typeof startFakeAliyunSms>>;
  let uploadDir: string;

  beforeAll(async () => {
    [smtp, wecom, aliyun] = await Promise.all([
      startFakeSmtp({ user: 'u@parlour.test', password: SECRETS.smtp }),
      startFakeWecom([SECRETS.wecomKey]),
      startFakeAliyunSms(ALIYUN),
    ]);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-uploads-'));
    t = await buildTestApp({
      env: { UPLOAD_DIR: uploadDir, ALIYUN_SMS_ENDPOINT: aliyun.baseUrl, WECOM_WEBHOOK_BASE: wecom.baseUrl },
    });
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
      expect((await t.callRaw(callPath, body, merchant)).code, callPath).toBe(10003);
      expect((await t.callRaw(callPath, body)).code, callPath).toBe(10000);
      expect((await t.callRaw(callPath, body, 'forged-token')).code, callPath).toBe(10000);
    }
    expect((await uploadImage(t.app, { token: merchant, bytes: IMAGES.png, name: 'a.png' })).code).toBe(10003);
    expect((await uploadImage(t.app, { bytes: IMAGES.png, name: 'a.png' })).code).toBe(10000);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
    expect((await expectOk(t.call(adminConfigList, {}, admin))).site.site_name).toBe('Parlour');
  });

  it('never answers a secret, whatever the call or its outcome', async () => {
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'mail',
          values: {
            smtp_host: '127.0.0.1',
            smtp_port: smtp.port,
            smtp_security: 'none',
            smtp_user: 'u@parlour.test',
            smtp_password: SECRETS.smtp,
            mail_sender: 'a@parlour.test',
          },
        },
        admin,
      ),
    );
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'sms',
          values: {
            sms_provider: 'aliyun',
            access_key_id: ALIYUN.accessKeyId,
            access_key_secret: SECRETS.aliyun,
            sign_name: ALIYUN.signName,
            template_code: ALIYUN.templateCode,
          },
        },
        admin,
      ),
    );
    await expectOk(
      t.call(adminSetConfig, { group: 'wecom', values: { webhook_url: wecom.webhookFor(SECRETS.wecomKey) } }, admin),
    );

    const answers: unknown[] = [];
    for (const [callPath, body] of adminCalls) answers.push(await t.callRaw(callPath, body, admin));
    answers.push(await t.call(merchantConfigList, {}));
    // Failures too: a wrong SMTP user, a refused SMS signature.
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'mail',
          values: {
            smtp_host: '127.0.0.1',
            smtp_port: smtp.port,
            smtp_security: 'none',
            smtp_user: 'wrong@parlour.test',
            smtp_password: '',
            mail_sender: 'a@parlour.test',
          },
        },
        admin,
      ),
    );
    answers.push(await t.call(adminTestSendEmail, { to: 'x@example.com' }, admin));
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'sms',
          values: {
            sms_provider: 'aliyun',
            access_key_id: 'LTAIunknown',
            access_key_secret: '',
            sign_name: 'Parlour',
            template_code: 'SMS_1',
          },
        },
        admin,
      ),
    );
    answers.push(await t.call(adminTestSendSms, { mobile: '13800138000' }, admin));

    const text = JSON.stringify(answers);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).toContain('"smtp_password_is_set":true');
    expect(text).toContain('"access_key_secret_is_set":true');
  });

  it('does not let the public configList reveal anything but the site group and the business time zone', async () => {
    const answer = await t.call(merchantConfigList, {}, merchant);
    // The zone is public on purpose: the consoles' time filters count its days.
    expect(Object.keys(answer.data).sort()).toEqual([
      'business_time_zone',
      'copyright',
      'description',
      'domain',
      'ico',
      'keywords',
      'logo',
      'record_number',
      'service_phone',
      'site_name',
    ]);
  });

  it('serves an upload so that a browser cannot run it as a page', async () => {
    const uploaded = await uploadImage(t.app, {
      token: admin,
      bytes: IMAGES.png,
      name: '<script>.html',
      type: 'text/html',
    });
    expect(uploaded.data?.file_name).toMatch(/^[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: uploaded.data!.url });
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  /** The row as stored in platform_settings, as text. */
  async function storedRow(group: string) {
    const [row] = await t.database.db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, `config:${group}`));
    return row.value as Record<string, string>;
  }

  it('keeps the SMTP password, SMS secret and webhook URL sealed at rest, and test sends still work', async () => {
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'mail',
          values: {
            smtp_host: '127.0.0.1',
            smtp_port: smtp.port,
            smtp_security: 'none',
            smtp_user: 'u@parlour.test',
            smtp_password: SECRETS.smtp,
            mail_sender: 'a@parlour.test',
          },
        },
        admin,
      ),
    );
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'sms',
          values: {
            sms_provider: 'aliyun',
            access_key_id: ALIYUN.accessKeyId,
            access_key_secret: SECRETS.aliyun,
            sign_name: ALIYUN.signName,
            template_code: ALIYUN.templateCode,
          },
        },
        admin,
      ),
    );
    await expectOk(
      t.call(adminSetConfig, { group: 'wecom', values: { webhook_url: wecom.webhookFor(SECRETS.wecomKey) } }, admin),
    );

    const [mail, sms, robot] = [await storedRow('mail'), await storedRow('sms'), await storedRow('wecom')];
    expect(mail.smtp_password).toMatch(/^v1:[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sms.access_key_secret).toMatch(/^v1:/);
    expect(robot.webhook_url).toMatch(/^v1:/);
    const stored = JSON.stringify([mail, sms, robot]);
    for (const secret of Object.values(SECRETS)) expect(stored).not.toContain(secret);
    // Sealed with a fresh IV each time: the same password saved twice is stored differently.
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'mail',
          values: {
            smtp_host: '127.0.0.1',
            smtp_port: smtp.port,
            smtp_security: 'none',
            smtp_user: 'u@parlour.test',
            smtp_password: SECRETS.smtp,
            mail_sender: 'a@parlour.test',
          },
        },
        admin,
      ),
    );
    expect((await storedRow('mail')).smtp_password).not.toBe(mail.smtp_password);

    const [mails, texts, robots] = [smtp.received.length, aliyun.received.length, wecom.received.length];
    await expectOk(t.call(adminTestSendEmail, { to: 'sealed@example.com' }, admin));
    await expectOk(t.call(adminTestSendSms, { mobile: '13800138000' }, admin));
    await expectOk(t.call(adminTestSendWecom, { content: 'sealed at rest' }, admin));
    expect([smtp.received.length, aliyun.received.length, wecom.received.length]).toEqual([
      mails + 1,
      texts + 1,
      robots + 1,
    ]);
  });

  it('reads secrets stored before sealing as they are, and seals them on the next save', async () => {
    const mail = {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_security: 'none',
      smtp_user: 'u@parlour.test',
      smtp_password: SECRETS.smtp,
      mail_sender: 'a@parlour.test',
    };
    await t.app.services.settings.setGroup('mail', mail);
    await t.app.services.settings.setGroup('wecom', { webhook_url: wecom.webhookFor(SECRETS.wecomKey) });
    const sent = smtp.received.length;
    await expectOk(t.call(adminTestSendEmail, { to: 'legacy@example.com' }, admin));
    expect(smtp.received.length).toBe(sent + 1);
    const list = await expectOk(t.call(adminConfigList, {}, admin));
    expect(list.mail.smtp_password_is_set).toBe(true);

    // Saved again with the password left empty (kept): now sealed.
    await expectOk(t.callRaw(adminSetConfig, { group: 'mail', values: { ...mail, smtp_password: '' } }, admin));
    await expectOk(t.call(adminSetConfig, { group: 'wecom', values: { webhook_url: '' } }, admin));
    expect((await storedRow('mail')).smtp_password).toMatch(/^v1:/);
    expect((await storedRow('wecom')).webhook_url).toMatch(/^v1:/);
    await expectOk(t.call(adminTestSendEmail, { to: 'legacy@example.com' }, admin));
    await expectOk(t.call(adminTestSendWecom, { content: 'resealed' }, admin));
  });
});

describe('secret box', () => {
  const box = createSecretBox(DEVELOPMENT_SECRETS_KEY);

  it('round-trips, leaves empty values empty and opens legacy plaintext as it is', () => {
    const sealed = box.sealSecret('pa55 wörd ✓');
    expect(sealed).toMatch(/^v1:/);
    expect(box.openSecret(sealed)).toBe('pa55 wörd ✓');
    expect(box.sealSecret('')).toBe('');
    expect(box.openSecret('')).toBe('');
    expect(box.openSecret('plain-legacy')).toBe('plain-legacy');
  });

  it('refuses a tampered value or one sealed under another key', () => {
    const sealed = box.sealSecret('secret');
    const [iv, tag, data] = sealed.slice(3).split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.openSecret(`v1:${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow(SecretUnreadableError);
    expect(() => box.openSecret('v1:garbage')).toThrow(SecretUnreadableError);
    const other = createSecretBox(parseSecretsKey('11'.repeat(32)));
    expect(() => other.openSecret(sealed)).toThrow(SecretUnreadableError);
  });

  it('takes SECRETS_KEY as 32 bytes in hex or base64, requires it in production, and falls back to the development key elsewhere', () => {
    const hex = 'ab'.repeat(32);
    expect(parseSecretsKey(hex)).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(parseSecretsKey(base64)).toEqual(Buffer.alloc(32, 7));
    expect(parseSecretsKey(Buffer.alloc(32, 7).toString('base64url'))).toEqual(Buffer.alloc(32, 7));
    for (const bad of [
      'short',
      'ab'.repeat(31),
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(48, 255).toString('base64'),
    ]) {
      expect(() => parseSecretsKey(bad), bad).toThrow(/SECRETS_KEY/);
    }
    const production = {
      NODE_ENV: 'production',
      ADMIN_ACCOUNT: 'ops',
      ADMIN_PASSWORD: 'Ops#Secret1',
      SHOP_BASE_DOMAIN: 'parlour.shop',
    };
    expect(() => loadConfig(production)).toThrow(/SECRETS_KEY must be set/);
    expect(() => loadConfig({ ...production, SECRETS_KEY: 'not-a-key' })).toThrow(/SECRETS_KEY/);
    expect(loadConfig({ ...production, SECRETS_KEY: hex })).toMatchObject({
      secretsKey: Buffer.from(hex, 'hex'),
      isDevelopmentSecretsKey: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      secretsKey: DEVELOPMENT_SECRETS_KEY,
      isDevelopmentSecretsKey: true,
    });
  });
});
