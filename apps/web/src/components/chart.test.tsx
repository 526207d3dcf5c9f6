import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Chart, dailyTrendOption, pieOption } from './chart';

const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
const init = vi.fn(() => instance);
vi.mock('../lib/echarts', () => ({ init: (...args: unknown[]) => init(...(args as [])) }));

describe('chart', () => {
  it('draws the option once ECharts is loaded, redraws on change and disposes on unmount', async () => {
    const first = pieOption({ name: 'Versions', items: [{ name: 'Basic', value: 2 }] });
    const view = render(<Chart option={first} height={200} ariaLabel="Stores by version" />);
    expect(screen.getByRole('img', { name: 'Stores by version' })).toHaveProperty('style.height', '200px');
    await waitFor(() => expect(instance.setOption).toHaveBeenCalledWith(first, { notMerge: true }));
    expect(init).toHaveBeenCalledTimes(1);

    const second = pieOption({ name: 'Versions', items: [{ name: 'Pro', value: 5 }] });
    view.rerender(<Chart option={second} height={200} />);
    await waitFor(() => expect(instance.setOption).toHaveBeenLastCalledWith(second, { notMerge: true }));
    expect(init).toHaveBeenCalledTimes(1);

    view.unmount();
    expect(instance.dispose).toHaveBeenCalled();
  });

  it('builds a daily trend with a second axis for a count beside an amount', () => {
    const option = dailyTrendOption({
      dates: ['2026-01-01', '2026-01-02'],
      series: [
        { name: 'Income', kind: 'line', values: [100, 200], formatValue: (value) => `¥${value / 100}` },
        { name: 'Bills', kind: 'bar', values: [1, 2], yAxisIndex: 1 },
      ],
    });
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['2026-01-01', '2026-01-02'] });
    expect(option.yAxis).toHaveLength(2);
    const [amountAxis] = option.yAxis as { axisLabel: { formatter: (value: number) => string } }[];
    expect(amountAxis?.axisLabel.formatter(250)).toBe('¥2.5');
    expect(option.series).toMatchObject([
      { type: 'line', name: 'Income', data: [100, 200], yAxisIndex: 0 },
      { type: 'bar', name: 'Bills', data: [1, 2], yAxisIndex: 1 },
    ]);
    expect(option.legend).toMatchObject({ data: ['Income', 'Bills'] });
  });

  it('always labels the last day, aligned inside the chart when a line runs to its edge', () => {
    const dates = Array.from({ length: 30 }, (_, index) => `2026-01-${String(index + 1).padStart(2, '0')}`);
    const lines = dailyTrendOption({ dates, series: [{ name: 'Calls', kind: 'line', values: dates.map(() => 1) }] });
    expect(lines.xAxis).toMatchObject({
      boundaryGap: false,
      axisLabel: {
        showMaxLabel: true,
        showMinLabel: true,
        hideOverlap: true,
        alignMaxLabel: 'right',
        alignMinLabel: 'left',
      },
    });
    // Bars leave half a band at each end, so the labels stay centred under them.
    const bars = dailyTrendOption({ dates, series: [{ name: 'Units', kind: 'bar', values: dates.map(() => 1) }] });
    expect(bars.xAxis).toMatchObject({ boundaryGap: true, axisLabel: { showMaxLabel: true, hideOverlap: true } });
    expect((bars.xAxis as { axisLabel: Record<string, unknown> }).axisLabel).not.toHaveProperty('alignMaxLabel');
  });
});
