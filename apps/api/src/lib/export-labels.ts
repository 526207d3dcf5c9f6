import type { BillStatus, BillType, PayMethod, RefundState, StoreStatus } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';

/** Words of exported files, in the language of whoever exported them. */
export const exportLabels = {
  'zh-CN': {
    storeStatus: {
      unpaid: '待支付',
      initializing: '初始化中',
      trial: '试用中',
      operating: '运营中',
      pending_renewal: '待续费',
      disabled: '已停用',
      cancelled: '已取消（未完成支付）',
    } satisfies Record<StoreStatus, string>,
    billStatus: {
      unpaid: '未支付',
      paid: '已支付',
      cancelled: '已取消',
      expired: '已过期',
      refunded: '已退款',
    } satisfies Record<BillStatus, string>,
    refundState: { pending: '退款处理中', failed: '退款失败' } satisfies Record<RefundState, string>,
    billType: {
      new_store: '新开店铺',
      renewal: '店铺续费',
      plugin: '插件',
      traffic_package: '流量包',
    } satisfies Record<BillType, string>,
    payMethod: { wechat: '微信支付', alipay: '支付宝', paypal: 'PayPal' } satisfies Record<PayMethod, string>,
    channel: { online: '在线支付', offline: '线下支付' },
  },
  'en-US': {
    storeStatus: {
      unpaid: 'Awaiting payment',
      initializing: 'Initializing',
      trial: 'On trial',
      operating: 'Operating',
      pending_renewal: 'Pending renewal',
      disabled: 'Disabled',
      cancelled: 'Cancelled – payment not completed',
    } satisfies Record<StoreStatus, string>,
    billStatus: {
      unpaid: 'Unpaid',
      paid: 'Paid',
      cancelled: 'Cancelled',
      expired: 'Expired',
      refunded: 'Refunded',
    } satisfies Record<BillStatus, string>,
    refundState: { pending: 'Refund in progress', failed: 'Refund failed' } satisfies Record<RefundState, string>,
    billType: {
      new_store: 'New store',
      renewal: 'Renewal',
      plugin: 'Plugin',
      traffic_package: 'Traffic package',
    } satisfies Record<BillType, string>,
    payMethod: { wechat: 'WeChat Pay', alipay: 'Alipay', paypal: 'PayPal' } satisfies Record<PayMethod, string>,
    channel: { online: 'Online', offline: 'Offline' },
  },
} satisfies Record<Lang, unknown>;

/** Minor units as a plain decimal number of major units (2 decimals), as spreadsheets expect. */
export function majorUnits(amount: number): number {
  return Math.round(amount) / 100;
}

/** Times in exports are UTC, ISO-like and sortable. */
export function exportTime(date: Date | null): string | null {
  return date ? `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC` : null;
}
