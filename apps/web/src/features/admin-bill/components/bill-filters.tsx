import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { BILL_CHANNELS, BILL_STATUSES, BILL_TYPES, type BillStatus, type BillType } from '@parlour/contract/constants';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/date-range-filter';

type BillChannel = (typeof BILL_CHANNELS)[number];

/** The filters both tabs send (the income tab has no status: income is paid bills). */
export interface BillFilter extends TDateRangeInput {
  keyword?: string;
  status?: BillStatus;
  type?: BillType;
  channel?: BillChannel;
  merchant_id?: number;
  shop_id?: string;
}

interface FilterValues {
  keyword?: string;
  status?: BillStatus;
  type?: BillType;
  channel?: BillChannel;
  merchant_id?: number | null;
  shop_id?: string;
  range?: TDateRangeInput;
}

function toFilter(values: FilterValues): BillFilter {
  return {
    keyword: values.keyword?.trim() || undefined,
    status: values.status || undefined,
    type: values.type || undefined,
    channel: values.channel || undefined,
    merchant_id: values.merchant_id || undefined,
    shop_id: values.shop_id?.trim() || undefined,
    start_date: values.range?.start_date,
    end_date: values.range?.end_date,
  };
}

interface BillFiltersProps {
  name: string;
  onSearch: (filter: BillFilter) => void;
  /** The bill-status filter (the bills tab only). */
  hasStatus?: boolean;
  /** The date-range filter (the income tab picks its range above the charts instead). */
  hasDateRange?: boolean;
  /** More buttons after search and reset (export). */
  actions?: ReactNode;
}

/** Filters of the operator's bill lists; searching sends them all and goes back to page 1. */
export function BillFilters({ name, onSearch, hasStatus = false, hasDateRange = false, actions }: BillFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  return (
    <Form form={form} name={name} layout="inline" className="admin-filters" onFinish={(values) => onSearch(toFilter(values))}>
      <Form.Item name="keyword">
        <Input allowClear aria-label={t('adminBill.filter.keyword')} placeholder={t('adminBill.filter.keyword')} style={{ width: 220 }} />
      </Form.Item>
      {hasStatus ? (
        <Form.Item name="status">
          <Select
            allowClear
            aria-label={t('adminBill.filter.status')}
            placeholder={t('adminBill.filter.status')}
            style={{ width: 130 }}
            options={BILL_STATUSES.map((status) => ({ value: status, label: t(`billStatus.${status}`) }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="type">
        <Select
          allowClear
          aria-label={t('adminBill.filter.type')}
          placeholder={t('adminBill.filter.type')}
          style={{ width: 150 }}
          options={BILL_TYPES.map((type) => ({ value: type, label: t(`billType.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="channel">
        <Select
          allowClear
          aria-label={t('adminBill.filter.channel')}
          placeholder={t('adminBill.filter.channel')}
          style={{ width: 130 }}
          options={BILL_CHANNELS.map((channel) => ({ value: channel, label: t(`adminBill.channel.${channel}`) }))}
        />
      </Form.Item>
      <Form.Item name="merchant_id">
        <InputNumber min={1} precision={0} aria-label={t('adminBill.filter.merchantId')} placeholder={t('adminBill.filter.merchantId')} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="shop_id">
        <Input allowClear maxLength={20} aria-label={t('adminBill.filter.shopId')} placeholder={t('adminBill.filter.shopId')} style={{ width: 150 }} />
      </Form.Item>
      {hasDateRange ? (
        <Form.Item name="range">
          <DateRangeFilter allowClear />
        </Form.Item>
      ) : null}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('adminBill.filter.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('adminBill.filter.reset')}
          </Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}
