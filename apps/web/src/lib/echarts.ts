import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEchartsParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the console draws: line, bar and pie charts on a canvas. Loaded by
 * components/chart when a chart first mounts, so the library lands in a chunk of its own that
 * only pages with charts download.
 */
registerEchartsParts([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  CanvasRenderer,
]);

export { init };
