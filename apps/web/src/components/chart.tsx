import { Empty, Skeleton } from 'antd';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An option of the charts lib/echarts registers (line, bar, pie with grid, tooltip, legend and title). */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | TitleComponentOption
>;

/** The product's orange first, then colours that stay apart from it. */
export const CHART_COLORS = ['#fa8c16', '#1677ff', '#52c41a', '#722ed1', '#13c2c2', '#eb2f96', '#faad14', '#2f54eb'];

let echartsModule: Promise<typeof import('../lib/echarts')> | null = null;
/** ECharts, imported once for all charts of the page; a failed download is tried again by the next chart. */
function loadEcharts() {
  echartsModule ??= import('../lib/echarts').catch((error: unknown) => {
    echartsModule = null;
    throw error;
  });
  return echartsModule;
}

interface ChartProps {
  option: ChartOption;
  /** Pixels. */
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel?: string;
}

/**
 * An ECharts canvas. ECharts is imported when the first chart mounts, so it stays out of every
 * chunk but its own; the chart follows its container's size and is disposed on unmount.
 */
export function Chart({ option, height = 300, ariaLabel }: ChartProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [isFailed, setIsFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let isMounted = true;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    loadEcharts().then(
      ({ init }) => {
        if (!isMounted) return;
        instance = init(container);
        // Sider toggles and window resizes change the card's width without a window resize event.
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => instance?.resize());
          observer.observe(container);
        }
        setChart(instance);
      },
      () => {
        // The chunk could not be downloaded (a deploy replaced it, the network dropped).
        if (isMounted) setIsFailed(true);
      },
    );
    return () => {
      isMounted = false;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    // notMerge: a new option replaces the old one, so series that went away do not linger.
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  return (
    <div className="chart" style={{ position: 'relative', width: '100%', height }} role="img" aria-label={ariaLabel}>
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} />
      {chart ? null : (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
        >
          {isFailed ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.loadFailed')} />
          ) : (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          )}
        </div>
      )}
    </div>
  );
}

export interface TrendSeries {
  name: string;
  kind: 'line' | 'bar';
  /** One value per date. */
  values: number[];
  /** 1 puts the series on a second axis on the right (a count beside an amount). */
  yAxisIndex?: 0 | 1;
  /** How a value reads in the tooltip and on its axis (money, for instance). */
  formatValue?: (value: number) => string;
}

/** A daily trend: dates along the x axis, one line or bar series per measure, up to two value axes. */
export function dailyTrendOption({ dates, series }: { dates: string[]; series: TrendSeries[] }): ChartOption {
  const axisFormat = (index: 0 | 1) => series.find((item) => (item.yAxisIndex ?? 0) === index)?.formatValue;
  const hasSecondAxis = series.some((item) => item.yAxisIndex === 1);
  const hasBars = series.some((item) => item.kind === 'bar');
  const valueAxis = (index: 0 | 1) => {
    const format = axisFormat(index);
    return {
      type: 'value' as const,
      minInterval: 1,
      splitLine: { show: index === 0 },
      axisLabel: format ? { formatter: (value: number) => format(value) } : {},
    };
  };
  return {
    color: CHART_COLORS,
    grid: { left: 8, right: 8, top: series.length > 1 ? 40 : 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0, data: series.map((item) => item.name) } : undefined,
    xAxis: {
      type: 'category',
      data: dates,
      boundaryGap: hasBars,
      axisTick: { alignWithLabel: true },
      // The last day (usually today) always has its label, and a label the automatic spacing would
      // put on top of it gives way. Without bars the first and last labels sit on the chart's edges,
      // so they are aligned inwards rather than centred and cut off.
      axisLabel: {
        showMinLabel: true,
        showMaxLabel: true,
        hideOverlap: true,
        ...(hasBars ? {} : { alignMinLabel: 'left' as const, alignMaxLabel: 'right' as const }),
      },
    },
    yAxis: hasSecondAxis ? [valueAxis(0), valueAxis(1)] : [valueAxis(0)],
    series: series.map((item) => {
      const common = {
        name: item.name,
        data: item.values,
        yAxisIndex: item.yAxisIndex ?? 0,
        tooltip: item.formatValue
          ? { valueFormatter: (value: unknown) => item.formatValue!(Number(value)) }
          : undefined,
      };
      return item.kind === 'line'
        ? ({
            ...common,
            type: 'line',
            smooth: true,
            showSymbol: dates.length <= 31,
            areaStyle: { opacity: 0.08 },
          } satisfies LineSeriesOption)
        : ({ ...common, type: 'bar', barMaxWidth: 24 } satisfies BarSeriesOption);
    }),
  };
}

export interface PieItem {
  name: string;
  value: number;
}

/**
 * Shares of a whole as a ring. Names and values go in the legend, which wraps below the ring (slice
 * labels would be cut off in a narrow card); the hovered slice shows its share in the middle.
 */
export function pieOption({
  name,
  items,
  formatValue,
}: {
  name: string;
  items: PieItem[];
  formatValue?: (value: number) => string;
}): ChartOption {
  const show = (value: number) => (formatValue ? formatValue(value) : String(value));
  const valueOf = new Map(items.map((item) => [item.name, item.value]));
  return {
    color: CHART_COLORS,
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const point = Array.isArray(params) ? params[0] : params;
        if (!point) return '';
        return `${point.marker ?? ''}${point.name}: ${show(Number(point.value))} (${point.percent ?? 0}%)`;
      },
    },
    legend: {
      bottom: 0,
      itemGap: 12,
      formatter: (legendName: string) => `${legendName}  ${show(valueOf.get(legendName) ?? 0)}`,
    },
    series: [
      {
        name,
        type: 'pie',
        radius: ['36%', '62%'],
        center: ['50%', '42%'],
        avoidLabelOverlap: true,
        label: { show: false, position: 'center' },
        emphasis: { label: { show: true, fontSize: 14, fontWeight: 'bold', formatter: '{b}\n{d}%' } },
        labelLine: { show: false },
        data: items,
      },
    ],
  };
}
