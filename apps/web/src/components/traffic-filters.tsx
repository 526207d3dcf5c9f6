import { ReloadOutlined } from '@ant-design/icons';
import type { ApiCallStatus, LogPlatform, TApiEnum } from '@parlour/contract/calls/traffic-report';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiLabel, platformLabel } from './traffic-labels';
import { DEFAULT_TRAFFIC_TIME, TrafficTimeFilter, type TrafficTime } from './traffic-time-filter';

/** Every filter of the traffic reports; each screen shows the ones it needs. */
export interface TrafficFilter extends TrafficTime {
  platform?: LogPlatform;
  api_code?: string;
  status?: ApiCallStatus;
  shop_id?: string;
  merchant_id?: number;
}

interface TrafficFiltersProps {
  value: TrafficFilter;
  onChange: (value: TrafficFilter) => void;
  options: TApiEnum | undefined;
  hasApi?: boolean;
  hasStatus?: boolean;
  /** A select of the merchant's stores, or a store ID box (the operator's). */
  store?: 'select' | 'input' | 'none';
  hasMerchant?: boolean;
}

/** A text filter applied on Enter or when the box is left, not on every key. */
function CommittedInput({
  value,
  onCommit,
  label,
  width,
}: {
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  label: string;
  width: number;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => onCommit(draft.trim() || undefined);
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={label}
      value={draft}
      maxLength={20}
      style={{ width }}
      onChange={(event) => setDraft(event.target.value)}
      onPressEnter={commit}
      onBlur={commit}
      onClear={() => onCommit(undefined)}
    />
  );
}

/** The filter bar of the traffic screens: choosing a value applies it (and goes back to the first page). */
export function TrafficFilters({
  value,
  onChange,
  options,
  hasApi = false,
  hasStatus = false,
  store = 'none',
  hasMerchant = false,
}: TrafficFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<TrafficFilter>) => onChange({ ...value, ...patch });
  // The APIs of the chosen platform only (one entry per code otherwise).
  const apiCodes = new Map<string, string>();
  for (const api of options?.apis ?? [])
    if (!value.platform || api.platform === value.platform) apiCodes.set(api.code, api.name);
  return (
    <Space wrap size={[12, 12]} className="traffic-filters" style={{ marginBottom: 16 }}>
      <TrafficTimeFilter
        value={{ time_range: value.time_range, start_date: value.start_date, end_date: value.end_date }}
        onChange={(time) => onChange({ ...value, start_date: undefined, end_date: undefined, ...time })}
      />
      <Select<LogPlatform>
        allowClear
        aria-label={t('trafficReport.platform.label')}
        placeholder={t('trafficReport.platform.label')}
        style={{ width: 130 }}
        value={value.platform}
        options={(options?.platforms ?? []).map((platform) => ({
          value: platform.value,
          label: platformLabel(t, platform.value),
        }))}
        onChange={(platform) =>
          set({
            platform: platform || undefined,
            api_code:
              platform &&
              value.api_code &&
              !options?.apis.some((api) => api.platform === platform && api.code === value.api_code)
                ? undefined
                : value.api_code,
          })
        }
      />
      {hasApi ? (
        <Select<string>
          allowClear
          aria-label={t('trafficReport.api.label')}
          placeholder={t('trafficReport.api.label')}
          style={{ width: 150 }}
          value={value.api_code}
          options={[...apiCodes].map(([code, name]) => ({ value: code, label: apiLabel(t, code, name) }))}
          onChange={(apiCode) => set({ api_code: apiCode || undefined })}
        />
      ) : null}
      {hasStatus ? (
        <Select<ApiCallStatus>
          allowClear
          aria-label={t('trafficReport.status.label')}
          placeholder={t('trafficReport.status.label')}
          style={{ width: 150 }}
          value={value.status}
          options={(options?.statuses ?? []).map((status) => ({
            value: status,
            label: t(`trafficReport.status.${status}`),
          }))}
          onChange={(status) => set({ status: status || undefined })}
        />
      ) : null}
      {store === 'select' ? (
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('trafficReport.filter.store')}
          placeholder={t('trafficReport.filter.allStores')}
          style={{ width: 200 }}
          value={value.shop_id}
          options={(options?.stores ?? []).map((shop) => ({
            value: shop.shop_id,
            label: `${shop.shop_name} (${shop.shop_id})`,
          }))}
          onChange={(shopId) => set({ shop_id: shopId || undefined })}
        />
      ) : null}
      {store === 'input' ? (
        <CommittedInput
          label={t('trafficReport.filter.shopId')}
          width={150}
          value={value.shop_id}
          onCommit={(shopId) => set({ shop_id: shopId })}
        />
      ) : null}
      {hasMerchant ? (
        <InputNumber<number>
          min={1}
          precision={0}
          aria-label={t('trafficReport.filter.merchantId')}
          placeholder={t('trafficReport.filter.merchantId')}
          style={{ width: 130 }}
          value={value.merchant_id ?? null}
          onChange={(merchantId) => set({ merchant_id: merchantId && merchantId > 0 ? merchantId : undefined })}
        />
      ) : null}
      <Button icon={<ReloadOutlined />} onClick={() => onChange({ ...DEFAULT_TRAFFIC_TIME })}>
        {t('trafficReport.filter.reset')}
      </Button>
    </Space>
  );
}
