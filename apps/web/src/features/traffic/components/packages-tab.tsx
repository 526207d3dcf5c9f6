import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PACKAGE_STATUSES, type PackageStatus, type PackageTab } from '@parlour/contract/calls/traffic';
import { Alert, Button, Col, Empty, Flex, Pagination, Row, Segmented, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '@/lib/feedback';
import { usePackageShops } from '../api/list-package-shops';
import { usePackages } from '../api/list-packages';
import { usePayPackageBill } from '../api/pay-package-bill';
import { BuyPackageModal } from './buy-package-modal';
import { PackageCard } from './package-card';

const PAGE_SIZE = 6;

/**
 * The packages tab of /merchant/traffic: my packages (general, for every store) and shop packages
 * (bought for one store, with a shop switcher), each with its usage, units left, valid period and
 * status; "Buy package" goes through a bill and the cashier. `?paid=<bill_no>` (the cashier's way
 * back) says the payment went through.
 */
export function PackagesTab() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const paidBillNo = searchParams.get('paid');
  const [tab, setTab] = useState<PackageTab>(() => (searchParams.get('kind') === 'store' ? 'store' : 'general'));
  const [shopId, setShopId] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<PackageStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [isBuying, setIsBuying] = useState(false);
  const packages = usePackages({ tab, shop_id: tab === 'store' ? shopId : undefined, status, page, limit: PAGE_SIZE });
  const shops = usePackageShops();
  const payBill = usePayPackageBill();

  useEffect(() => {
    if (!paidBillNo) return;
    feedback.success(t('trafficPackage.paidMessage', { billNo: paidBillNo }));
    // Said once: a reload of the page should not repeat it.
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('paid');
        return next;
      },
      { replace: true },
    );
  }, [paidBillNo, setSearchParams, t]);

  const counts = packages.data?.counts;
  const list = packages.data?.list ?? [];
  const total = packages.data?.total ?? 0;
  const isFiltered = status !== undefined || (tab === 'store' && shopId !== undefined);

  const buyButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsBuying(true)}>
      {t('trafficPackage.buy.open')}
    </Button>
  );

  let body;
  if (packages.isError && !packages.data) {
    body = (
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
    );
  } else if (packages.isLoading) {
    body = (
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((index) => (
          <Col key={index} xs={24} md={12} xl={8}>
            <Skeleton active paragraph={{ rows: 5 }} />
          </Col>
        ))}
      </Row>
    );
  } else if (list.length === 0) {
    body = (
      <Empty
        description={isFiltered ? t('trafficPackage.noMatch') : tab === 'general' ? t('trafficPackage.emptyGeneral') : t('trafficPackage.emptyStore')}
        style={{ padding: '32px 0' }}
      >
        {isFiltered ? null : buyButton}
      </Empty>
    );
  } else {
    body = (
      <>
        <Row gutter={[16, 16]}>
          {list.map((pkg) => (
            <Col key={pkg.id} xs={24} md={12} xl={8}>
              <PackageCard
                pkg={pkg}
                onPay={(billNo) => payBill.mutate(billNo)}
                isPaying={payBill.isPending && payBill.variables === pkg.bill_no}
                onPayWindowEnd={() => void packages.refetch()}
              />
            </Col>
          ))}
        </Row>
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={setPage}
            showSizeChanger={false}
            hideOnSinglePage
            showTotal={(count) => t('trafficPackage.total', { count })}
          />
        </Flex>
      </>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex gap={12} align="center" wrap>
          <Segmented<PackageTab>
            value={tab}
            onChange={(value) => {
              setTab(value);
              setPage(1);
            }}
            options={[
              { value: 'general', label: `${t('trafficPackage.tab.general')}${counts ? ` (${counts.general})` : ''}` },
              { value: 'store', label: `${t('trafficPackage.tab.store')}${counts ? ` (${counts.store})` : ''}` },
            ]}
          />
          {tab === 'store' ? (
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 220 }}
              value={shopId}
              placeholder={t('trafficPackage.filter.allShops')}
              aria-label={t('trafficPackage.filter.shop')}
              loading={shops.isLoading}
              options={(shops.data ?? []).map(({ value, label }) => ({ value, label }))}
              onChange={(value?: string) => {
                setShopId(value);
                setPage(1);
              }}
            />
          ) : null}
          <Select
            allowClear
            style={{ minWidth: 140 }}
            value={status}
            placeholder={t('trafficPackage.filter.allStatuses')}
            aria-label={t('trafficPackage.filter.status')}
            options={PACKAGE_STATUSES.map((value) => ({ value, label: t(`trafficPackage.status.${value}`) }))}
            onChange={(value?: PackageStatus) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </Flex>
        {buyButton}
      </Flex>
      {body}
      <BuyPackageModal isOpen={isBuying} onClose={() => setIsBuying(false)} shops={shops.data ?? []} defaultShopId={tab === 'store' ? shopId : undefined} />
    </Flex>
  );
}
