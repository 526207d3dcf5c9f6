import type { Lang } from '@parlour/contract/errors';
import type { ExportTable } from '../../../lib/export-file';
import { pickColumn } from '../../../lib/localized-columns';
import { exportLabels, exportTime, majorUnits } from '../../../lib/export-labels';
import type { BillView } from './bill.repository';

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': [
    '账单号',
    '店铺名称',
    '店铺 ID',
    '账单类型',
    '商品名称',
    '店铺版本',
    '金额',
    '币种',
    '状态',
    '退款',
    '支付方式',
    '支付渠道',
    '创建时间',
    '支付时间',
  ],
  'en-US': [
    'Bill number',
    'Store name',
    'Store ID',
    'Bill type',
    'Product name',
    'Store version',
    'Amount',
    'Currency',
    'Status',
    'Refund',
    'Pay method',
    'Channel',
    'Created',
    'Paid',
  ],
};
const MERCHANT_HEADER: Record<Lang, string> = { 'zh-CN': '商户账号', 'en-US': 'Merchant' };

export function billExportTable(rows: BillView[], options: { lang: Lang; withMerchant: boolean }): ExportTable {
  const labels = exportLabels[options.lang];
  return {
    headers: [...HEADERS[options.lang], ...(options.withMerchant ? [MERCHANT_HEADER[options.lang]] : [])],
    rows: rows.map((bill) => [
      bill.bill_no,
      bill.shop_name,
      bill.shop_id,
      labels.billType[bill.type],
      pickColumn(bill, 'product_name', options.lang),
      pickColumn(bill, 'package_name', options.lang),
      majorUnits(bill.amount),
      bill.currency,
      labels.billStatus[bill.status],
      // A refund under way or failed (the status stays paid until the provider completes it); empty otherwise.
      bill.refund_state ? labels.refundState[bill.refund_state] : null,
      bill.pay_method ? labels.payMethod[bill.pay_method] : null,
      labels.channel[bill.channel],
      exportTime(bill.created_at),
      exportTime(bill.paid_at),
      ...(options.withMerchant ? [bill.merchant_account] : []),
    ]),
  };
}
