import type { Lang } from '@parlour/contract/errors';
import type { ExportTable } from '../../../lib/export-file';
import { pickColumn } from '../../../lib/localized-columns';
import { exportLabels, exportTime, majorUnits } from '../../../lib/export-labels';
import type { ShopView } from './shop.repository';

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': [
    '店铺名称',
    '店铺 ID',
    '联系邮箱',
    '店铺版本',
    '状态',
    '到期时间',
    '域名',
    '订单数',
    '发货数',
    '总收入',
    '币种',
    '会员数',
    '创建时间',
  ],
  'en-US': [
    'Store name',
    'Store ID',
    'Contact email',
    'Store version',
    'Status',
    'Expires',
    'Domain',
    'Orders',
    'Shipments',
    'Total revenue',
    'Currency',
    'Members',
    'Created',
  ],
};
const MERCHANT_HEADER: Record<Lang, string> = { 'zh-CN': '商户账号', 'en-US': 'Merchant' };

export function shopExportTable(rows: ShopView[], options: { lang: Lang; withMerchant: boolean }): ExportTable {
  const labels = exportLabels[options.lang];
  return {
    headers: [...HEADERS[options.lang], ...(options.withMerchant ? [MERCHANT_HEADER[options.lang]] : [])],
    rows: rows.map((shop) => [
      shop.shop_name,
      shop.shop_id,
      shop.contact_email,
      pickColumn(shop, 'package_name', options.lang),
      labels.storeStatus[shop.status],
      exportTime(shop.expires_at),
      shop.domain,
      shop.order_count,
      shop.shipment_count,
      majorUnits(shop.total_revenue),
      shop.currency,
      shop.member_count,
      exportTime(shop.created_at),
      ...(options.withMerchant ? [shop.merchant_account] : []),
    ]),
  };
}
