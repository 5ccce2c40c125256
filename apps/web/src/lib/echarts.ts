type EchartsModules = {
  charts: typeof import('echarts/charts');
  components: typeof import('echarts/components');
  renderers: typeof import('echarts/renderers');
};

/** What `echarts/core` registers: chart types, components and renderers. */
type EchartsParts = Parameters<typeof import('echarts/core').use>[0];

/**
 * ECharts is large: it is loaded on demand (its own chunk) the first time a chart is drawn, never with the pages
 * that have no chart. Each caller registers only the pieces its charts use; the load is made once and tried again
 * after a failure.
 */
export const echartsLoader = (parts: (modules: EchartsModules) => EchartsParts) => {
  const load = async () => {
    const [core, charts, components, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    core.use(parts({ charts, components, renderers }));
    return core;
  };
  let loading: ReturnType<typeof load> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
};

export type EchartsLoader = ReturnType<typeof echartsLoader>;

export type EChartsOption = import('echarts').EChartsCoreOption;
