import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  GENERATED_CODE_LENGTH,
} from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { addSeconds, type Clock } from '../../../lib/clock';
import { newNumericCode, safeEqual, sha256 } from '../../../lib/secrets';
import type { JobQueue } from '../../../lib/job-queue';
import type { SecretBox } from '../../../lib/secret-box';
import type { MailProvider } from '../../../providers/mail/mail-provider';
import type { SmsProvider } from '../../../providers/sms/sms-provider';
import type { CodeTarget, VerificationCodeRepository } from './verification-code.repository';

function codeHash(key: CodeTarget, code: string) {
  return sha256(`${key.channel}:${key.target}:${key.purpose}:${code.trim().toUpperCase()}`);
}

/**
 * The queue of code deliveries: mail and SMS go out from a job, never inside the request (docs/SECURITY.md,
 * Account enumeration).
 */
export const DELIVER_CODE_QUEUE = 'deliver-code';

/** What a delivery job carries: the code's row and the code itself, sealed (pg-boss keeps job data in plain tables). */
export interface DeliverCodeJob {
  codeId: number;
  sealedCode: string;
  lang: Lang;
}

const mailTexts = {
  'zh-CN': {
    subject: { register: 'Parlour 注册验证码', forgot: 'Parlour 找回密码验证码' },
    body: (code: string) => `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。`,
    accountExists: {
      subject: 'Parlour：此邮箱已注册',
      body: (links: { login: string; forgot: string }) =>
        `有人（可能是您）正在用此邮箱注册 Parlour，但此邮箱已经有账号了，无需再次注册。\n\n请直接登录：${links.login}\n忘记密码？在此重置：${links.forgot}\n\n如非本人操作，请忽略本邮件，您的账号不受影响。`,
    },
  },
  'en-US': {
    subject: { register: 'Your Parlour sign-up code', forgot: 'Your Parlour password reset code' },
    body: (code: string) =>
      `Your verification code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.`,
    accountExists: {
      subject: 'You already have a Parlour account',
      body: (links: { login: string; forgot: string }) =>
        `Someone (probably you) tried to sign up for Parlour with this email address, but it already has an ` +
        `account, so there is nothing to register.\n\nSign in: ${links.login}\nForgot your password? Reset ` +
        `it: ${links.forgot}\n\nIf this was not you, ignore this email: your account is unchanged.`,
    },
  },
} as const;

/**
 * Verification codes: 6 random digits, valid 10 minutes, single use, bound to channel, target and
 * purpose, stored hashed, void after 5 wrong tries. Sending is throttled per target and purpose (60 s),
 * so a sign-up code does not hold back a password reset, and per IP.
 *
 * A send answers the same whether or not the account exists, in the same time (docs/SECURITY.md,
 * Account enumeration): the request records the code and queues its delivery; the job decides what
 * goes out. A sign-up code for an address that has an account becomes a mail saying so, with
 * sign-in and reset links (an SMS sends nothing: the SMS templates carry codes only); a reset code
 * for an address without an account sends nothing.
 */
/**
 * What a code's delivery job did: sent it (or the "you already have an account" mail), only wrote it
 * to the server log (no provider configured), or nothing (no account to reset, code gone).
 */
export type CodeDeliveryOutcome =
  'sent' | 'logged, not sent' | 'account_exists' | 'account_exists: logged, not sent' | 'no_account' | 'skipped';

export function createVerificationCodeService(deps: {
  db: Db;
  repository: VerificationCodeRepository;
  clock: Clock;
  mail: MailProvider;
  sms: SmsProvider;
  sendsPerIpPerHour: number;
  jobs: JobQueue;
  secrets: Pick<SecretBox, 'sealSecret' | 'openSecret'>;
  /** Whether a merchant account is named by this email or phone number, read when the job runs. */
  hasAccount: (target: { channel: CodeTarget['channel']; value: string }) => Promise<boolean>;
  /** The console's origin for links in mails (https://<first CONSOLE_HOSTS>), or none: the links are then paths. */
  consoleOrigin?: string;
}) {
  const { db, repository, clock } = deps;

  async function sendCode(options: CodeTarget & { ip: string; lang: Lang }) {
    const code = newNumericCode(GENERATED_CODE_LENGTH);
    const codeId = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      await repository.lockTarget(txDb, `${options.channel}:${options.target}:${options.purpose}`);
      const now = clock.now();
      const latest = await repository.findNewest(txDb, options);
      if (latest) {
        const waited = (now.getTime() - latest.created_at.getTime()) / 1000;
        if (waited < CODE_RESEND_SECONDS) {
          throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: Math.ceil(CODE_RESEND_SECONDS - waited) } });
        }
      }
      await repository.lockSenderIp(txDb, options.ip);
      const sentFromIp = await repository.countSentFromIp(txDb, options.ip, addSeconds(now, -3600));
      if (sentFromIp >= deps.sendsPerIpPerHour)
        throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: 3600 } });
      return repository.insertCode(txDb, {
        channel: options.channel,
        target: options.target,
        purpose: options.purpose,
        code_hash: codeHash(options, code),
        expires_at: addSeconds(now, CODE_TTL_SECONDS),
        ip: options.ip,
        created_at: now,
      });
    });
    const job: DeliverCodeJob = { codeId, sealedCode: deps.secrets.sealSecret(code), lang: options.lang };
    await deps.jobs.send(DELIVER_CODE_QUEUE, { ...job });
    return { resend_after: CODE_RESEND_SECONDS };
  }

  function links() {
    const origin = deps.consoleOrigin ?? '';
    return { login: `${origin}/login`, forgot: `${origin}/forgot` };
  }

  /**
   * The delivery job: sends what the code's target should get. A code already used, expired or
   * dropped is not sent. A failed delivery drops the code, so the resend throttle does not hold the
   * target behind a code nobody received, and fails the job (its error is kept with the job). Its
   * answer (the job log's `delivery`) says what happened: a message only written to the log, with
   * no mail or SMS provider configured, is "logged, not sent".
   */
  async function deliverCode(job: DeliverCodeJob): Promise<CodeDeliveryOutcome> {
    const row = await repository.findById(db, job.codeId);
    if (!row || row.consumed_at || row.expires_at <= clock.now()) return 'skipped';
    const code = deps.secrets.openSecret(job.sealedCode);
    const lang: Lang = job.lang === 'en-US' ? 'en-US' : 'zh-CN';
    const hasAccount = await deps.hasAccount({ channel: row.channel, value: row.target });
    try {
      if (row.purpose === 'register' && hasAccount) {
        if (row.channel !== 'email') return 'account_exists';
        const text = mailTexts[lang].accountExists;
        const delivery = await deps.mail.send({ to: row.target, subject: text.subject, text: text.body(links()) });
        return delivery === 'logged' ? 'account_exists: logged, not sent' : 'account_exists';
      }
      if (row.purpose === 'forgot' && !hasAccount) return 'no_account';
      const text = mailTexts[lang];
      const delivery =
        row.channel === 'email'
          ? await deps.mail.send({ to: row.target, subject: text.subject[row.purpose], text: text.body(code) })
          : await deps.sms.sendCode({ mobile: row.target, code, purpose: row.purpose, lang });
      return delivery === 'logged' ? 'logged, not sent' : 'sent';
    } catch (error) {
      await repository.deleteCode(db, row.id);
      throw error;
    }
  }

  /**
   * Checks `code` against the newest live code of the target without using it up; a wrong code
   * counts a try. Answers the code's id for {@link consumeCode}.
   */
  async function verifyCode(key: CodeTarget, code: string): Promise<number> {
    const now = clock.now();
    const live = await repository.findNewest(db, key);
    if (!live || live.consumed_at || live.expires_at <= now || live.attempts >= CODE_MAX_ATTEMPTS)
      throw new AppError('CODE_INVALID');
    if (!safeEqual(live.code_hash, codeHash(key, code))) {
      await repository.addAttempt(db, live.id);
      throw new AppError('CODE_INVALID');
    }
    return live.id;
  }

  /** Uses a verified code up inside the caller's transaction; a concurrent use of the same code fails. */
  async function consumeCode(tx: Db, codeId: number) {
    if (!(await repository.consume(tx, codeId, clock.now()))) throw new AppError('CODE_INVALID');
  }

  /** Drops codes created before `before` (the purge job). */
  const purgeOld = (before: Date) => repository.purgeOld(db, before);

  return { sendCode, deliverCode, verifyCode, consumeCode, purgeOld };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
