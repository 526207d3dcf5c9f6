import { BILL_SORT_FIELDS, type TAdminBill } from '@parlour/contract/calls/bill';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { DEFAULT_CURRENCY } from '@parlour/contract/constants';
import { Card, Col, Empty, Flex, Row, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyTrendOption, pieOption } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { DataTable } from '@/components/data-table';
import { DateRangeFilter, lastDays } from '@/components/date-range-filter';
import { useListUrlState } from '@/components/use-list-url-state';
import { useBillTypeDistribution } from '@/lib/api/bill-type-distribution';
import { useIncomeTrend } from '@/lib/api/income-trend';
import { useBusinessTimeZone } from '@/lib/business-time';
import { formatMoney } from '@/lib/money';
import { useIncome } from '../api/list-income';
import { useBillColumns } from './bill-columns';
import { AdminBillDetailDrawer } from './admin-bill-detail-drawer';
import { BILL_FILTER_KEYS, BillFilters, billFilterFromQuery } from './bill-filters';

const PAGE_SIZE = 20;

/**
 * The "Income" tab: paid bills over a date range (last 30 days unless another is picked) with
 * their total, the income and paid bills per day, and the split by bill type.
 */
export function IncomeTab() {
  const { t } = useTranslation();
  // The filters, range, sort and page are in the URL; a link may name the range (the dashboard's
  // "income this month"): `?tab=income&start_date=…&end_date=…`. Without one: the last 30 days.
  const list = useListUrlState({
    filterKeys: BILL_FILTER_KEYS,
    parseFilter: billFilterFromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: BILL_SORT_FIELDS,
  });
  const { start_date: startDate, end_date: endDate, status: _status, ...filter } = list.filter;
  const zone = useBusinessTimeZone();
  const [defaultRange] = useState(() => lastDays(30, zone));
  const range: TDateRangeInput = startDate && endDate ? { start_date: startDate, end_date: endDate } : defaultRange;
  const [detail, setDetail] = useState<TAdminBill | null>(null);
  const income = useIncome({ ...filter, ...range, ...list.query });
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
        {
          name: t('adminBill.chart.income'),
          kind: 'line',
          values: list.map((point) => point.amount),
          formatValue: money,
        },
        { name: t('adminBill.chart.paidBills'), kind: 'bar', values: list.map((point) => point.count), yAxisIndex: 1 },
      ],
    });
  }, [trend.data, currency, t]);

  const typeItems = useMemo(
    () =>
      (distribution.data?.list ?? [])
        .filter((item) => item.amount > 0)
        .map((item) => ({ name: t(`billType.${item.type}`), value: item.amount })),
    [distribution.data, t],
  );
  const typeOption = useMemo(
    () =>
      pieOption({
        name: t('adminBill.chart.byType'),
        items: typeItems,
        formatValue: (value) => formatMoney(value, currency),
      }),
    [typeItems, currency, t],
  );

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center">
        <Typography.Text type="secondary">{t('adminBill.income.range')}</Typography.Text>
        <DateRangeFilter
          value={range}
          onChange={(next) => list.patchFilter({ start_date: next.start_date, end_date: next.end_date })}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic
              title={t('adminBill.income.total')}
              value={income.data ? formatMoney(income.data.total_amount, currency) : '—'}
              loading={income.isPending}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic
              title={t('adminBill.income.count')}
              value={income.data?.total ?? '—'}
              loading={income.isPending}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="admin-charts">
        <Col xs={24} xl={15}>
          <ChartCard
            title={t('adminBill.chart.trend')}
            option={trendOption}
            isLoading={trend.isPending}
            isEmpty={!trend.data}
            emptyText={t('chart.noData')}
          />
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
          // The fields follow the URL: back and forward show the filter of that step.
          key={JSON.stringify(filter)}
          name="admin_income_filters"
          initialFilter={filter}
          // The range is picked above the charts and kept.
          onSearch={(next) => list.setFilter({ ...next, start_date: startDate, end_date: endDate })}
        />
        <DataTable<TAdminBill>
          listId="admin.income"
          rowKey="id"
          columns={columns}
          rows={income.data?.list ?? []}
          isLoading={income.isFetching}
          emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminBill.income.empty')} />}
          pagination={list.pagination(income.data?.total ?? 0, (total) => t('adminBill.total', { count: total }))}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </div>
      <AdminBillDetailDrawer bill={detail} onClose={() => setDetail(null)} />
    </Flex>
  );
}
