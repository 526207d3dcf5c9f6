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
/** The filter's fields, each a query parameter of the list's URL. */
export const BILL_FILTER_KEYS = [
  'keyword',
  'status',
  'type',
  'channel',
  'merchant_id',
  'shop_id',
  'start_date',
  'end_date',
] as const satisfies ReadonlyArray<keyof BillFilter>;

interface FilterValues {
  keyword?: string;
  status?: BillStatus;
  type?: BillType;
  channel?: BillChannel;
  merchant_id?: number | null;
  shop_id?: string;
  range?: TDateRangeInput;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter in the URL (the list keeps it there; the dashboard links here with one):
 * `?status=unpaid`, `?type=renewal`, `?merchant_id=7`, `?start_date=…&end_date=…`. Values out of range are dropped.
 */
export function billFilterFromQuery(params: URLSearchParams): BillFilter {
  const merchantId = Number(params.get('merchant_id'));
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  const hasRange = DAY.test(start) && DAY.test(end) && start <= end;
  return {
    start_date: hasRange ? start : undefined,
    end_date: hasRange ? end : undefined,
    status: oneOf(BILL_STATUSES, params.get('status')),
    type: oneOf(BILL_TYPES, params.get('type')),
    channel: oneOf(BILL_CHANNELS, params.get('channel')),
    merchant_id: Number.isInteger(merchantId) && merchantId > 0 ? merchantId : undefined,
    shop_id: params.get('shop_id') || undefined,
    keyword: params.get('keyword') || undefined,
  };
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
  /** The filter the fields show (from the page's query string); the caller remounts the form when it changes. */
  initialFilter?: BillFilter;
}

/** Filters of the operator's bill lists; searching sends them all and goes back to page 1. */
export function BillFilters({
  name,
  onSearch,
  hasStatus = false,
  hasDateRange = false,
  actions,
  initialFilter,
}: BillFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      className="admin-filters"
      initialValues={
        initialFilter && {
          ...initialFilter,
          range: initialFilter.start_date
            ? { start_date: initialFilter.start_date, end_date: initialFilter.end_date }
            : undefined,
        }
      }
      onFinish={(values) => onSearch(toFilter(values))}
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          aria-label={t('adminBill.filter.keyword')}
          placeholder={t('adminBill.filter.keyword')}
          style={{ width: 220 }}
        />
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
        <InputNumber
          min={1}
          precision={0}
          aria-label={t('adminBill.filter.merchantId')}
          placeholder={t('adminBill.filter.merchantId')}
          style={{ width: 130 }}
        />
      </Form.Item>
      <Form.Item name="shop_id">
        <Input
          allowClear
          maxLength={20}
          aria-label={t('adminBill.filter.shopId')}
          placeholder={t('adminBill.filter.shopId')}
          style={{ width: 150 }}
        />
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
              form.setFieldsValue({
                keyword: undefined,
                status: undefined,
                type: undefined,
                channel: undefined,
                merchant_id: undefined,
                shop_id: undefined,
                range: undefined,
              });
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
