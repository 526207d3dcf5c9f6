import {
  DELIVER_CODE_QUEUE,
  type DeliverCodeJob,
  type VerificationCodeService,
} from '../modules/accounts/account/verification-code.service';
import {
  PASSWORD_NOTICE_QUEUE,
  type PasswordNoticeJob,
  type PasswordNotices,
} from '../modules/accounts/account/password-notice';
import type { JobDefinition } from './boss';

/** Delivers a verification code (or the "you already have an account" mail) queued by a send. */
export function deliverCodeJob(deps: {
  verificationCodeService: Pick<VerificationCodeService, 'deliverCode'>;
}): JobDefinition {
  return {
    queue: DELIVER_CODE_QUEUE,
    // Someone is waiting for this mail: poll faster than pg-boss's default 2 s.
    pollingIntervalSeconds: 0.5,
    async run(data) {
      const job = data as Partial<DeliverCodeJob> | undefined;
      if (!job || !Number.isInteger(job.codeId) || typeof job.sealedCode !== 'string') return { delivery: 'skipped' };
      return { delivery: await deps.verificationCodeService.deliverCode(job as DeliverCodeJob) };
    },
  };
}

/** Tells a merchant that its password was changed, by mail or SMS (queued by change_password). */
export function passwordNoticeJob(deps: { notices: Pick<PasswordNotices, 'deliver'> }): JobDefinition {
  return {
    queue: PASSWORD_NOTICE_QUEUE,
    async run(data) {
      const job = data as Partial<PasswordNoticeJob> | undefined;
      if (!job || !Number.isInteger(job.merchantId) || typeof job.changedAt !== 'string')
        return { delivery: 'skipped' };
      return { delivery: await deps.notices.deliver(job as PasswordNoticeJob) };
    },
  };
}
