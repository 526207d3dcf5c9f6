import * as calls from '@parlour/contract/calls/notice';
import type { CallRegistrar } from '../../../platform/register-call';
import type { NoticeService } from './notice.service';

/** Thin handlers of the notice calls: operators manage them, a merchant (from the session) reads them. */
export function registerNoticeRoutes(registrar: CallRegistrar, deps: { noticeService: NoticeService }) {
  const { register } = registrar;
  const { noticeService } = deps;

  register(calls.adminListNotices, ({ input, lang }) => noticeService.listForAdmin(input, lang));
  // Recorded in Chinese, the text operators write first (the `localized` field has both languages).
  const noticeAudit = {
    targetType: 'notice',
    load: (id: string | number) => noticeService.getForAdmin(Number(id), 'zh-CN'),
  } as const;
  register(
    calls.adminAddNotice,
    ({ input, principal, lang }) => noticeService.addNotice({ adminId: principal.userId, fields: input, lang }),
    {
      audit: { ...noticeAudit, action: 'notice.add', targetId: (_input, output) => output?.id },
    },
  );
  register(
    calls.adminEditNotice,
    ({ input, lang }) => noticeService.editNotice({ id: input.id, fields: input, lang }),
    {
      audit: { ...noticeAudit, action: 'notice.edit', targetId: (input) => input.id },
    },
  );
  register(calls.adminDeleteNotice, ({ input }) => noticeService.deleteNotice(input.id), {
    audit: { ...noticeAudit, action: 'notice.delete', targetId: (input) => input.id },
  });
  register(calls.adminNoticeDetail, ({ input, lang }) => noticeService.getForAdmin(input.id, lang));

  register(calls.merchantListUnreadNotices, ({ input, principal, lang }) =>
    noticeService.listForMerchant(principal.userId, input, lang),
  );
  register(calls.merchantMarkNoticesRead, ({ input, principal }) => noticeService.markRead(principal.userId, input));
}
