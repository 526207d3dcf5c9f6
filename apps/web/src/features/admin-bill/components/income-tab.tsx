import type { TAdminBill } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { DEFAULT_CURRENCY } from '@parlour/contract/constants';
import { Card, Col, Empty, Flex, Row, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dailyTrendOption, pieOption } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { DateRangeFilter, lastDays } from '@/components/date-range-filter';
import { useBusinessTimeZone } from '@/lib/business-time';
import { formatMoney } from '@/lib/money';
import { useBillTypeDistribution } from '../api/bill-type-distribution';
import { useIncomeTrend } from '../api/income-trend';
import { useIncome } from '../api/list-income';
import { useBillColumns } from './bill-columns';
import { BillDetailDrawer } from './bill-detail-drawer';
import { BillFilters, type BillFilter } from './bill-filters';

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function rangeFromQuery(params: URLSearchParams): Required<TDateRangeInput> | undefined {
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  return DAY.test(start) && DAY.test(end) && start <= end ? { start_date: start, end_date: end } : undefined;
}

/**
 * The "Income" tab: paid bills over a date range (last 30 days unless another is picked) with
 * their total, the income and paid bills per day, and the split by bill type.
 */
export function IncomeTab() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // A link may name the range (the dashboard's "income this month"): `?tab=income&start_date=…&end_date=…`.
  const zone = useBusinessTimeZone();
  const [range, setRange] = useState<TDateRangeInput>(() => rangeFromQuery(searchParams) ?? lastDays(30, zone));
  const [filter, setFilter] = useState<BillFilter>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [detail, setDetail] = useState<TAdminBill | null>(null);
  const income = useIncome({ ...filter, ...range, page, limit: pageSize });
  const trend = useIncomeTrend(range);
  const distribution = useBillTypeDistribution(range);
  const columns = useBillColumns({ onDetail: setDetail, isIncome: true });
  const currency = income.data?.currency ?? DEFAULT_CURRENCY;

  const trendOption = useMemo(() => {
    const list = trend.data?.list ?? [];
    const money = (value: number) => formatMoney(value, currency);
    return dailyTrendOption({
      dates: list.map((point) => point.date),
      series: [
        { name: t('adminBill.chart.income'), kind: 'line', values: list.map((point) => point.amount), formatValue: money },
        { name: t('adminBill.chart.paidBills'), kind: 'bar', values: list.map((point) => point.count), yAxisIndex: 1 },
      ],
    });
  }, [trend.data, currency, t]);

  const typeItems = useMemo(
    () => (distribution.data?.list ?? []).filter((item) => item.amount > 0).map((item) => ({ name: t(`billType.${item.type}`), value: item.amount })),
    [distribution.data, t],
  );
  const typeOption = useMemo(
    () => pieOption({ name: t('adminBill.chart.byType'), items: typeItems, formatValue: (value) => formatMoney(value, currency) }),
    [typeItems, currency, t],
  );

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center">
        <Typography.Text type="secondary">{t('adminBill.income.range')}</Typography.Text>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next.start_date ? next : lastDays(30, zone));
            setPage(1);
          }}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic title={t('adminBill.income.total')} value={income.data ? formatMoney(income.data.total_amount, currency) : '—'} loading={income.isPending} />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic title={t('adminBill.income.count')} value={income.data?.total ?? '—'} loading={income.isPending} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="admin-charts">
        <Col xs={24} xl={15}>
          <ChartCard title={t('adminBill.chart.trend')} option={trendOption} isLoading={trend.isPending} isEmpty={!trend.data} emptyText={t('chart.noData')} />
        </Col>
        <Col xs={24} xl={9}>
          <ChartCard
            title={t('adminBill.chart.byType')}
            option={typeOption}
            isLoading={distribution.isPending}
            isEmpty={typeItems.length === 0}
            emptyText={t('chart.noData')}
          />
        </Col>
      </Row>
      <div>
        <BillFilters
          name="admin_income_filters"
          onSearch={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        <Table<TAdminBill>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={income.data?.list ?? []}
          loading={income.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminBill.income.empty')} /> }}
          pagination={{
            current: page,
            pageSize,
            total: income.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('adminBill.total', { count: total }),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
        />
      </div>
      <BillDetailDrawer bill={detail} onClose={() => setDetail(null)} />
    </Flex>
  );
}
