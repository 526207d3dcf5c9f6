import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  GENERATED_CODE_LENGTH,
} from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds, type Clock } from '../../lib/clock';
import { newNumericCode, safeEqual, sha256 } from '../../lib/secrets';
import type { MailProvider } from '../../providers/mail/mail-provider';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { CodeTarget, VerificationCodeRepository } from './verification-code.repository';

function codeHash(key: CodeTarget, code: string) {
  return sha256(`${key.channel}:${key.target}:${key.purpose}:${code.trim().toUpperCase()}`);
}

const mailTexts = {
  'zh-CN': {
    subject: { register: 'Parlour 注册验证码', forgot: 'Parlour 找回密码验证码' },
    body: (code: string) => `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略本邮件。`,
  },
  'en-US': {
    subject: { register: 'Your Parlour sign-up code', forgot: 'Your Parlour password reset code' },
    body: (code: string) => `Your verification code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.`,
  },
} as const;

/**
 * Verification codes: 6 random digits, valid 10 minutes, single use, bound to channel, target and
 * purpose, stored hashed, void after 5 wrong tries. Sending is throttled per target and purpose (60 s),
 * so a sign-up code does not hold back a password reset, and per IP.
 */
export function createVerificationCodeService(deps: {
  db: Db;
  repository: VerificationCodeRepository;
  clock: Clock;
  mail: MailProvider;
  sms: SmsProvider;
  sendsPerIpPerHour: number;
}) {
  const { db, repository, clock } = deps;

  async function sendCode(options: CodeTarget & { ip: string; lang: Lang; deliver: boolean }) {
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
      const sentFromIp = await repository.countSentFromIp(txDb, options.ip, addSeconds(now, -3600));
      if (sentFromIp >= deps.sendsPerIpPerHour) throw new AppError('TOO_MANY_REQUESTS', { data: { retry_after: 3600 } });
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
    // A code for an account that cannot use it (forgot on an unknown address) is recorded for the
    // throttle but not delivered, so the answer does not reveal whether the account exists.
    if (options.deliver) {
      try {
        if (options.channel === 'email') {
          const text = mailTexts[options.lang];
          await deps.mail.send({ to: options.target, subject: text.subject[options.purpose], text: text.body(code) });
        } else {
          await deps.sms.sendCode({ mobile: options.target, code, purpose: options.purpose, lang: options.lang });
        }
      } catch (error) {
        // A code nobody received must not hold the target behind the resend throttle.
        await repository.deleteCode(db, codeId);
        throw error;
      }
    }
    return { resend_after: CODE_RESEND_SECONDS };
  }

  /**
   * Checks `code` against the newest live code of the target without using it up; a wrong code
   * counts a try. Answers the code's id for {@link consumeCode}.
   */
  async function verifyCode(key: CodeTarget, code: string): Promise<number> {
    const now = clock.now();
    const live = await repository.findNewest(db, key);
    if (!live || live.consumed_at || live.expires_at <= now || live.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_INVALID');
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

  return { sendCode, verifyCode, consumeCode };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
