import { echartsLoader } from '../../../lib/echarts.ts';

/** ECharts with only the pieces the wallet charts use (lines and bars). */
export const loadEcharts = echartsLoader(({ charts, components, renderers }) => [
  charts.LineChart,
  charts.BarChart,
  components.GridComponent,
  components.TooltipComponent,
  components.LegendComponent,
  renderers.CanvasRenderer,
]);
