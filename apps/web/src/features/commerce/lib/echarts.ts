/**
 * ECharts is large: it is loaded on demand (its own chunk) the first time a chart is drawn, never with the pages
 * that have no chart. Only the pieces the wallet charts use are registered.
 */
const load = async () => {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([
    charts.LineChart,
    charts.BarChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
};

let loading: ReturnType<typeof load> | null = null;

export const loadEcharts = () => {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

export type EChartsOption = import('echarts').EChartsCoreOption;
