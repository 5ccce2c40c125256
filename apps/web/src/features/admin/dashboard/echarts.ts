import { echartsLoader } from '../../../lib/echarts.ts';

/** ECharts with only the pieces the dashboard's line chart uses. */
export const loadEcharts = echartsLoader(({ charts, components, renderers }) => [
  charts.LineChart,
  components.GridComponent,
  components.TooltipComponent,
  components.LegendComponent,
  renderers.CanvasRenderer,
]);
