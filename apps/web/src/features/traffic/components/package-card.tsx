import type { PackageStatus, TTrafficPackage } from '@parlour/contract/calls/traffic';
import { Button, Card, Descriptions, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
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

/** One purchased package: usage bar, units left, valid period, status and its bill. */
export function PackageCard({ pkg, onPay, isPaying, onPayWindowEnd }: { pkg: TTrafficPackage; onPay: (billNo: string) => void; isPaying: boolean; onPayWindowEnd: () => void }) {
  const { t } = useTranslation();
  const percent = pkg.units_total > 0 ? Math.round((pkg.units_used / pkg.units_total) * 1000) / 10 : 0;
  const isUsable = pkg.status === 'active';
  return (
    <Card
      size="small"
      className="package-card"
      data-testid={`package-${pkg.id}`}
      title={
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>{pkg.name}</Typography.Text>
          <PackageStatusTag status={pkg.status} />
        </Flex>
      }
      extra={
        pkg.status === 'pending' ? (
          <Button type="primary" size="small" loading={isPaying} onClick={() => onPay(pkg.bill_no)}>
            {t('trafficPackage.card.pay')}
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={8}>
        {pkg.shop_name ? (
          <Typography.Text type="secondary">{t('trafficPackage.card.forShop', { shop: `${pkg.shop_name} (${pkg.shop_id})` })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('trafficPackage.card.allShops')}</Typography.Text>
        )}
        <div>
          <Flex justify="space-between" align="baseline">
            <Typography.Text>
              {t('trafficPackage.card.remaining')}{' '}
              <Typography.Text strong style={{ fontSize: 18 }} data-testid="package-remaining">
                {pkg.units_remaining.toLocaleString()}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('trafficPackage.card.used', { used: pkg.units_used.toLocaleString(), total: pkg.units_total.toLocaleString() })}
            </Typography.Text>
          </Flex>
          <Progress
            percent={percent}
            status={pkg.status === 'exhausted' ? 'exception' : isUsable ? 'active' : 'normal'}
            strokeColor={isUsable ? undefined : pkg.status === 'exhausted' ? undefined : '#bfbfbf'}
            showInfo={false}
            aria-label={t('trafficPackage.card.usage', { percent })}
          />
        </div>
        <Descriptions column={1} size="small" styles={{ label: { width: 96 } }}>
          <Descriptions.Item label={t('trafficPackage.card.validPeriod')}>
            {pkg.paid_at ? (
              <span data-testid="package-period">
                {day(pkg.paid_at)} ~ {day(pkg.expires_at)}
              </span>
            ) : (
              <Typography.Text type="secondary">{t('trafficPackage.card.startsWhenPaid', { days: pkg.valid_days })}</Typography.Text>
            )}
          </Descriptions.Item>
          {pkg.status === 'pending' && pkg.pay_before ? (
            <Descriptions.Item label={t('trafficPackage.card.payWithin')}>
              <ExpiryCountdown to={pkg.pay_before} onEnd={onPayWindowEnd} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('trafficPackage.card.amount')}>{formatMoney(pkg.amount, pkg.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('trafficPackage.card.bill')}>
            <ButtonLink type="link" size="small" to={`/merchant/bill?keyword=${encodeURIComponent(pkg.bill_no)}`} style={{ padding: 0, height: 'auto' }}>
              {pkg.bill_no}
            </ButtonLink>
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </Card>
  );
}
