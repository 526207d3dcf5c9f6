import * as calls from '@parlour/contract/calls/notice';
import type { CallRegistrar } from '../../lib/register-call';
import type { NoticeService } from './notice.service';

/** Thin handlers of the notice calls: operators manage them, a merchant (from the session) reads them. */
export function registerNoticeRoutes(registrar: CallRegistrar, deps: { notices: NoticeService }) {
  const { register } = registrar;
  const { notices } = deps;

  register(calls.adminListNotices, ({ input, lang }) => notices.listForAdmin(input, lang));
  register(calls.adminAddNotice, ({ input, principal, lang }) => notices.addNotice({ adminId: principal.userId, fields: input, lang }));
  register(calls.adminEditNotice, ({ input, lang }) => notices.editNotice({ id: input.id, fields: input, lang }));
  register(calls.adminDeleteNotice, ({ input }) => notices.deleteNotice(input.id));
  register(calls.adminNoticeDetail, ({ input, lang }) => notices.getForAdmin(input.id, lang));

  register(calls.merchantListUnreadNotices, ({ input, principal, lang }) => notices.listForMerchant(principal.userId, input, lang));
  register(calls.merchantMarkNoticesRead, ({ input, principal }) => notices.markRead(principal.userId, input));
}
