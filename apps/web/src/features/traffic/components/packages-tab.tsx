import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  PACKAGE_SORT_FIELDS,
  PACKAGE_STATUSES,
  PACKAGE_TABS,
  type PackageStatus,
  type PackageTab,
  type TTrafficPackage,
} from '@parlour/contract/calls/traffic';
import { Alert, Button, Empty, Flex, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { useListUrlState } from '@/components/use-list-url-state';
import { useSearchParamOnce } from '@/lib/use-search-param-once';
import { usePackageShops } from '../api/list-package-shops';
import { usePackages } from '../api/list-packages';
import { useOpenCashier } from '@/lib/open-cashier';
import { merchantPackagesKey } from '@/lib/query-keys';
import { BuyPackageModal } from './buy-package-modal';
import { usePackageColumns } from './package-columns';

const PAGE_SIZE = 10;

type PackageFilter = { kind?: PackageTab; shop_id?: string; status?: PackageStatus };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The filter in the URL: `?tab=packages&kind=store&shop_id=lucy&status=active` (the kind's default, general, left out). */
function filterFromQuery(params: URLSearchParams): PackageFilter {
  const kind = oneOf(PACKAGE_TABS, params.get('kind'));
  return {
    kind: kind === 'store' ? kind : undefined,
    shop_id: kind === 'store' ? params.get('shop_id') || undefined : undefined,
    status: oneOf(PACKAGE_STATUSES, params.get('status')),
  };
}

/**
 * The packages tab of /merchant/traffic: my packages (general, for every store) and shop packages
 * (bought for one store, with a shop switcher), each with its usage, units left, valid period and
 * status, sortable on the server; "Buy package" goes through a bill and the cashier. The kind,
 * filters, sort and page are in the URL. `?paid=<bill_no>` (the cashier's way back) says the
 * payment went through.
 */
export function PackagesTab() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: ['kind', 'shop_id', 'status'],
    parseFilter: filterFromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: PACKAGE_SORT_FIELDS,
  });
  const { kind: tab = 'general', shop_id: shopId, status } = list.filter;
  const [isBuying, setIsBuying] = useState(false);
  const packages = usePackages({ tab, shop_id: shopId, status, ...list.query });
  const shops = usePackageShops();
  const payBill = useOpenCashier(merchantPackagesKey);
  const columns = usePackageColumns({
    onPay: (billNo) => payBill.mutate({ billNo }),
    payingBillNo: payBill.isPending ? payBill.variables?.billNo : undefined,
    onPayWindowEnd: () => void packages.refetch(),
  });

  // Back from the cashier: a confirmation that stays until closed (a passing toast was easy to miss while the list loaded).
  const [paidBillNo, setPaidBillNo] = useState<string | null>(null);
  useSearchParamOnce('paid', setPaidBillNo);

  const counts = packages.data?.counts;
  const isFiltered = status !== undefined || shopId !== undefined;
  const setFilter = (patch: PackageFilter) => list.setFilter({ ...list.filter, ...patch });

  const buyButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsBuying(true)}>
      {t('trafficPackage.buy.open')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      {paidBillNo ? (
        <Alert
          type="success"
          showIcon
          closable
          role="status"
          title={t('trafficPackage.paidMessage', { billNo: paidBillNo })}
          onClose={() => setPaidBillNo(null)}
        />
      ) : null}
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex gap={12} align="center" wrap>
          <Segmented<PackageTab>
            value={tab}
            onChange={(value) => list.setFilter({ kind: value === 'store' ? value : undefined, status })}
            options={[
              { value: 'general', label: `${t('trafficPackage.tab.general')}${counts ? ` (${counts.general})` : ''}` },
              { value: 'store', label: `${t('trafficPackage.tab.store')}${counts ? ` (${counts.store})` : ''}` },
            ]}
          />
          {tab === 'store' ? (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 220 }}
              value={shopId}
              placeholder={t('trafficPackage.filter.allShops')}
              aria-label={t('trafficPackage.filter.shop')}
              loading={shops.isLoading}
              options={(shops.data ?? []).map(({ value, label }) => ({ value, label }))}
              onChange={(value?: string) => setFilter({ shop_id: value })}
            />
          ) : null}
          <Select
            allowClear
            style={{ minWidth: 140 }}
            value={status}
            placeholder={t('trafficPackage.filter.allStatuses')}
            aria-label={t('trafficPackage.filter.status')}
            options={PACKAGE_STATUSES.map((value) => ({ value, label: t(`trafficPackage.status.${value}`) }))}
            onChange={(value?: PackageStatus) => setFilter({ status: value })}
          />
        </Flex>
        {buyButton}
      </Flex>
      {packages.isError && !packages.data ? (
        <Alert
          type="error"
          showIcon
          title={t('trafficPackage.loadFailed')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void packages.refetch()}>
              {t('trafficPackage.retry')}
            </Button>
          }
        />
      ) : (
        <DataTable<TTrafficPackage>
          listId="merchant.traffic.packages"
          rowKey="id"
          columns={columns}
          rows={packages.data?.list ?? []}
          isLoading={packages.isFetching}
          sort={list.sort}
          onSortChange={list.setSort}
          pagination={list.pagination(packages.data?.total ?? 0, (count) => t('trafficPackage.total', { count }))}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                isFiltered
                  ? t('trafficPackage.noMatch')
                  : tab === 'general'
                    ? t('trafficPackage.emptyGeneral')
                    : t('trafficPackage.emptyStore')
              }
              style={{ padding: '16px 0' }}
            >
              {isFiltered || packages.isLoading ? null : buyButton}
            </Empty>
          }
        />
      )}
      <BuyPackageModal
        isOpen={isBuying}
        onClose={() => setIsBuying(false)}
        shops={shops.data ?? []}
        defaultShopId={tab === 'store' ? shopId : undefined}
      />
    </Flex>
  );
}
