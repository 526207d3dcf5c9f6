import type { PackageStatus, TTrafficPackage } from '@parlour/contract/calls/traffic';
import { Button, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import type { DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { dayjs } from '@/lib/dayjs';
import { formatMoney } from '@/lib/money';

/** Colour of each package status (spec §4). */
export const PACKAGE_STATUS_COLORS: Record<PackageStatus, string> = {
  pending: 'warning',
  active: 'success',
  exhausted: 'error',
  expired: 'default',
};

export function PackageStatusTag({ status }: { status: PackageStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={PACKAGE_STATUS_COLORS[status]} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`trafficPackage.status.${status}`)}
    </Tag>
  );
}

const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '—');

/** Units left in figures, and the share used as a bar (grey once the package can no longer be used). */
function UsageCell({ pkg }: { pkg: TTrafficPackage }) {
  const { t } = useTranslation();
  const percent = pkg.units_total > 0 ? Math.round((pkg.units_used / pkg.units_total) * 1000) / 10 : 0;
  const isUsable = pkg.status === 'active';
  return (
    <Flex vertical style={{ minWidth: 120 }}>
      <Typography.Text strong data-testid="package-remaining">
        {pkg.units_remaining.toLocaleString()}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={pkg.status === 'exhausted' ? 'exception' : isUsable ? 'active' : 'normal'}
        strokeColor={isUsable || pkg.status === 'exhausted' ? undefined : '#bfbfbf'}
        showInfo={false}
        aria-label={t('trafficPackage.card.usage', { percent })}
        style={{ margin: 0 }}
      />
    </Flex>
  );
}

interface PackageColumnOptions {
  onPay: (billNo: string) => void;
  /** The bill being paid, whose button shows loading. */
  payingBillNo: string | undefined;
  /** A pending package's pay window ran out: the list asks again. */
  onPayWindowEnd: () => void;
}

/**
 * The columns of a merchant's package list (spec §3 traffic package): name with the store it is
 * for, status, units left (with the share used) and used, valid period, price, purchase time, and
 * the bill and Pay (a pending one) as actions. Units, expiry, price and purchase time sort on the server.
 */
export function usePackageColumns({
  onPay,
  payingBillNo,
  onPayWindowEnd,
}: PackageColumnOptions): Array<DataColumn<TTrafficPackage>> {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      title: t('trafficPackage.column.name'),
      dataIndex: 'name',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 170,
      // The store a package is for goes under its name: one column less to fit 1440 px.
      render: (_, pkg) => (
        <Flex vertical>
          <Typography.Text strong>{pkg.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {pkg.shop_name
              ? t('trafficPackage.card.forShop', { shop: `${pkg.shop_name} (${pkg.shop_id})` })
              : t('trafficPackage.card.allShops')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('trafficPackage.filter.status'),
      dataIndex: 'status',
      width: 110,
      render: (_, pkg) => (
        <Flex vertical gap={2} align="start">
          <PackageStatusTag status={pkg.status} />
          {pkg.status === 'pending' && pkg.pay_before ? (
            <span style={{ fontSize: 12 }} title={t('trafficPackage.card.payWithin')}>
              <ExpiryCountdown to={pkg.pay_before} onEnd={onPayWindowEnd} />
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'units_remaining',
      title: t('trafficPackage.card.remaining'),
      sortField: 'units_remaining',
      width: 130,
      render: (_, pkg) => <UsageCell pkg={pkg} />,
    },
    {
      key: 'units_used',
      title: t('trafficPackage.column.used'),
      sortField: 'units_used',
      width: 130,
      render: (_, pkg) =>
        t('trafficPackage.card.used', {
          used: pkg.units_used.toLocaleString(),
          total: pkg.units_total.toLocaleString(),
        }),
    },
    {
      key: 'expires_at',
      title: t('trafficPackage.card.validPeriod'),
      sortField: 'expires_at',
      width: 120,
      render: (_, pkg) =>
        pkg.paid_at ? (
          <span data-testid="package-period" className="date-time-cell">
            <span>{day(pkg.paid_at)} ~</span>
            <span>{day(pkg.expires_at)}</span>
          </span>
        ) : (
          <Typography.Text type="secondary">
            {t('trafficPackage.card.startsWhenPaid', { days: pkg.valid_days })}
          </Typography.Text>
        ),
    },
    {
      key: 'amount',
      title: t('trafficPackage.card.amount'),
      sortField: 'amount',
      align: 'right',
      width: 100,
      render: (_, pkg) => formatMoney(pkg.amount, pkg.currency),
    },
    {
      key: 'created_at',
      title: t('trafficPackage.column.createdAt'),
      dataIndex: 'created_at',
      sortField: 'created_at',
      width: 110,
      render: (value: string) => <DateTimeCell value={value} />,
    },
    // The bill number is long: the Bill action links to it; the column is there for who wants it.
    { key: 'bill_no', title: t('trafficPackage.column.billNo'), dataIndex: 'bill_no', isHiddenByDefault: true },
    {
      key: 'actions',
      title: t('trafficPackage.column.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 120,
      render: (_, pkg) => (
        <Flex gap={4} wrap align="center">
          <ButtonLink
            type="link"
            size="small"
            to={`/merchant/bill?keyword=${encodeURIComponent(pkg.bill_no)}`}
            aria-label={t('trafficPackage.column.billOf', { billNo: pkg.bill_no })}
          >
            {t('trafficPackage.card.bill')}
          </ButtonLink>
          {pkg.status === 'pending' ? (
            <Button
              type="primary"
              size="small"
              loading={payingBillNo === pkg.bill_no}
              onClick={() => onPay(pkg.bill_no)}
            >
              {t('trafficPackage.card.pay')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
}
