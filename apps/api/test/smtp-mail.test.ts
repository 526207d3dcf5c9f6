import { checkEmailCode, sendEmailCode } from '@parlour/contract/calls/account';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogMailProvider } from '../src/providers/mail/mail-provider';
import { createLogSmsProvider } from '../src/providers/sms/sms-provider';
import { buildTestApp, testConfig, uniqueEmail } from './helper';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

describe('email codes through SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the code to the address by SMTP when SMTP_URL is set', async () => {
    const t = await buildTestApp({
      recordMail: false,
      config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Parlour <codes@parlour.test>' }),
    });
    try {
      const email = uniqueEmail();
      const answer = await t.call(sendEmailCode, { email, event: 'register', lang_code: 'en-US' });
      expect(answer.code).toBe(200);
      expect(t.mail.sent).toHaveLength(0);

      const message = received.find((item) => item.to.includes(email));
      expect(message).toBeDefined();
      expect(message?.from).toBe('codes@parlour.test');
      // Undo quoted-printable soft line breaks before reading the text.
      const code = /verification code is (\d{6})/.exec((message?.raw ?? '').replace(/=\r?\n/g, ''))?.[1];
      expect(code).toMatch(/^\d{6}$/);

      // The mailed code is the live one.
      expect((await t.callRaw(checkEmailCode, { email, code, event: 'register' })).code).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('development providers write to the log', () => {
  it('logs the email code when SMTP_URL is not set', async () => {
    const lines: string[] = [];
    const t = await buildTestApp({
      recordMail: false,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const email = uniqueEmail();
      expect((await t.call(sendEmailCode, { email, event: 'register', lang_code: 'en-US' })).code).toBe(200);
      const entry = lines
        .map((line) => JSON.parse(line) as { to?: string; text?: string })
        .find((line) => line.to === email);
      expect(entry?.text).toMatch(/verification code is \d{6}/);
    } finally {
      await t.close();
    }
  });

  it('logs the SMS code through the provider interface', async () => {
    const entries: unknown[] = [];
    const mail = createLogMailProvider({ info: (entry: unknown) => void entries.push(entry) } as never);
    const sms = createLogSmsProvider({ info: (entry: unknown) => void entries.push(entry) } as never);
    await sms.sendCode({ mobile: '13800000000', code: '123456', purpose: 'register', lang: 'zh-CN' });
    await mail.send({ to: 'a@b.co', subject: 'Code', text: 'Your code is 654321' });
    expect(entries).toEqual([
      expect.objectContaining({ mobile: '13800000000', code: '123456' }),
      expect.objectContaining({ to: 'a@b.co', text: 'Your code is 654321' }),
    ]);
  });
});
