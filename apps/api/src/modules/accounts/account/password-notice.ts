import type { Lang } from '@parlour/contract/errors';
import type { Clock } from '../../../lib/clock';
import type { JobQueue } from '../../../lib/job-queue';
import type { MailProvider } from '../../../providers/mail/mail-provider';
import type { NoticeDelivery, SmsProvider } from '../../../providers/sms/sms-provider';

/** The queue of "your password was changed" notices: mail goes out from a job, never inside the request. */
export const PASSWORD_NOTICE_QUEUE = 'password-changed-notice';

/** What a notice job carries: whose password changed, when, from which address, in which language. */
export interface PasswordNoticeJob {
  merchantId: number;
  changedAt: string;
  ip: string;
  lang: Lang;
}

const noticeTexts = {
  'zh-CN': {
    subject: 'Parlour：您的登录密码已修改',
    body: (when: string, ip: string, forgot: string) =>
      `您的 Parlour 账号登录密码已于 ${when}（UTC）修改，操作 IP：${ip}。其他设备上的登录已全部退出。\n\n` +
      `如果这不是您本人的操作，请立即通过“忘记密码”重置密码：${forgot}`,
  },
  'en-US': {
    subject: 'Parlour: your password was changed',
    body: (when: string, ip: string, forgot: string) =>
      `The password of your Parlour account was changed at ${when} (UTC) from IP address ${ip}. Every other device was signed out.\n\n` +
      `If this was not you, reset your password now through "Forgot password": ${forgot}`,
  },
} as const;

/**
 * The notice a merchant gets when its password is changed while signed in: queued by
 * the change, sent by the `password-changed-notice` job in the language of the request — mailed, or for
 * a merchant without an email (phone only) texted through the SMS settings' notice template (none set:
 * nothing is sent, and the job says so).
 */
export function createPasswordNotices(deps: {
  jobs: JobQueue;
  mail: MailProvider;
  sms: Pick<SmsProvider, 'sendNotice'>;
  clock: Clock;
  /** The merchant's email and mobile, read when the job runs (either may be missing). */
  contactOf: (merchantId: number) => Promise<{ email: string | null; mobile: string | null } | undefined>;
  /** The console's origin for the link in the mail, or none: the link is then a path. */
  consoleOrigin?: string;
}) {
  return {
    async queue(notice: Omit<PasswordNoticeJob, 'changedAt'>) {
      const job: PasswordNoticeJob = { ...notice, changedAt: deps.clock.now().toISOString() };
      await deps.jobs.send(PASSWORD_NOTICE_QUEUE, { ...job });
    },

    async deliver(job: PasswordNoticeJob): Promise<NoticeDelivery | 'no_contact'> {
      const contact = await deps.contactOf(job.merchantId);
      const lang = job.lang === 'en-US' ? 'en-US' : 'zh-CN';
      const when = job.changedAt.slice(0, 19).replace('T', ' ');
      if (contact?.email) {
        const text = noticeTexts[lang];
        await deps.mail.send({
          to: contact.email,
          subject: text.subject,
          text: text.body(when, job.ip, `${deps.consoleOrigin ?? ''}/forgot`),
        });
        return 'sent';
      }
      if (contact?.mobile)
        return deps.sms.sendNotice({
          mobile: contact.mobile,
          notice: 'password_changed',
          time: when.slice(0, 16),
          lang,
        });
      return 'no_contact';
    },
  };
}
export type PasswordNotices = ReturnType<typeof createPasswordNotices>;
