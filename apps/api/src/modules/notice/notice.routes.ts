import * as calls from '@parlour/contract/calls/notice';
import type { CallRegistrar } from '../../lib/register-call';
import type { NoticeService } from './notice.service';

/** Thin handlers of the notice calls: operators manage them, a merchant (from the session) reads them. */
export function registerNoticeRoutes(registrar: CallRegistrar, deps: { notices: NoticeService }) {
  const { register } = registrar;
  const { notices } = deps;

  register(calls.adminListNotices, ({ input }) => notices.listForAdmin(input));
  register(calls.adminAddNotice, ({ input, principal }) => notices.addNotice({ adminId: principal.userId, fields: input }));
  register(calls.adminEditNotice, ({ input }) => notices.editNotice({ id: input.id, fields: input }));
  register(calls.adminDeleteNotice, ({ input }) => notices.deleteNotice(input.id));
  register(calls.adminNoticeDetail, ({ input }) => notices.getForAdmin(input.id));

  register(calls.merchantListUnreadNotices, ({ input, principal }) => notices.listForMerchant(principal.userId, input));
  register(calls.merchantMarkNoticesRead, ({ input, principal }) => notices.markRead(principal.userId, input));
}
