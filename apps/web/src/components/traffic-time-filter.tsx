import type { TimeFilter } from '@parlour/contract/calls/traffic-report';
import { MAX_TREND_DAYS } from '@parlour/contract/calls/report';
import { TIME_FILTERS } from '@parlour/contract/constants';
import { DatePicker, Flex, Segmented, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { businessToday, describeTimeZone, useBusinessTimeZone } from '../lib/business-time';
import { dayjs } from '../lib/dayjs';

const DAY_FORMAT = 'YYYY-MM-DD';

/** The time filter of the traffic reports (spec §9): a preset, or a custom range of whole days of the business time zone. */
export interface TrafficTime {
  time_range: TimeFilter;
  start_date?: string;
  end_date?: string;
}
export const DEFAULT_TRAFFIC_TIME: TrafficTime = { time_range: 'last_7_days' };

/**
 * Today / last 7 days / last 30 days / custom. Choosing custom opens a range picker (the last 7
 * days until a range is picked); the API resolves the presets itself. Days are calendar days of the
 * platform's business time zone, whatever zone the browser is in, and the filter says which.
 */
export function TrafficTimeFilter({
  value = DEFAULT_TRAFFIC_TIME,
  onChange,
}: {
  value?: TrafficTime;
  onChange?: (value: TrafficTime) => void;
}) {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  const picked: [Dayjs, Dayjs] | null =
    value.start_date && value.end_date ? [dayjs(value.start_date), dayjs(value.end_date)] : null;
  return (
    <Flex wrap gap={8} align="center" style={{ maxWidth: '100%' }}>
      <Segmented<TimeFilter>
        aria-label={t('trafficReport.time.label')}
        // At phone width the four presets in English are wider than the card: they scroll instead of being cut off.
        style={{ maxWidth: '100%', overflowX: 'auto' }}
        value={value.time_range}
        options={TIME_FILTERS.map((filter) => ({ value: filter, label: t(`trafficReport.time.${filter}`) }))}
        onChange={(next) => {
          if (next !== 'custom') return onChange?.({ time_range: next });
          const end = businessToday(zone);
          // Custom starts from the last 7 days, so the reports never ask for a half-made range.
          return onChange?.({
            time_range: 'custom',
            start_date: end.subtract(6, 'day').format(DAY_FORMAT),
            end_date: end.format(DAY_FORMAT),
          });
        }}
      />
      {value.time_range === 'custom' ? (
        <DatePicker.RangePicker
          value={picked}
          allowClear={false}
          aria-label={t('trafficReport.time.customRange')}
          disabledDate={(day, { from }) =>
            day.isAfter(businessToday(zone), 'day') ||
            (from !== undefined && Math.abs(day.diff(from, 'day')) >= MAX_TREND_DAYS)
          }
          onChange={(range) => {
            const [start, end] = range ?? [];
            if (start && end)
              onChange?.({
                time_range: 'custom',
                start_date: start.format(DAY_FORMAT),
                end_date: end.format(DAY_FORMAT),
              });
          }}
        />
      ) : null}
      {/* The API counts the business zone's days, and every time on the traffic pages is shown in that zone too. */}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="traffic-time-zone">
        {t('trafficReport.time.zoneNote', { zone: describeTimeZone(zone) })}
      </Typography.Text>
    </Flex>
  );
}
