import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { EChartsOption, EchartsLoader } from '../lib/echarts.ts';
import styles from './echart.module.css';
import { LoadError } from './status.tsx';

/**
 * One ECharts chart: ECharts loads (through `load`, which registers the caller's pieces) the first time a chart
 * shows; the chart follows its box's width and is disposed with it. `data-ready` marks it drawn.
 */
export const EChart = ({
  option,
  load,
  label,
  testId,
  className,
}: {
  option: EChartsOption;
  load: EchartsLoader;
  label: string;
  testId?: string | undefined;
  /** Extra class of the box around the chart (a frame). */
  className?: string;
}) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption: (o: EChartsOption, notMerge?: boolean) => void } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(option);
  latest.current = option;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the load after a failure
  useEffect(() => {
    let disposed = false;
    let dispose: () => void = () => undefined;
    setState('loading');
    load().then(
      (echarts) => {
        if (disposed || !box.current) return;
        const instance = echarts.init(box.current, undefined, { renderer: 'canvas' });
        instance.setOption(latest.current);
        chart.current = instance;
        const observer = new ResizeObserver(() => instance.resize());
        observer.observe(box.current);
        dispose = () => {
          observer.disconnect();
          instance.dispose();
          chart.current = null;
        };
        setState('ready');
      },
      () => {
        if (!disposed) setState('failed');
      },
    );
    return () => {
      disposed = true;
      dispose();
    };
  }, [attempt, load]);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div className={className ? `${styles.box} ${className}` : styles.box}>
      {state === 'loading' && <Skeleton.Node active style={{ width: '100%', height: 300 }} />}
      {state === 'failed' && <LoadError message="图表组件加载失败" onRetry={() => setAttempt((n) => n + 1)} />}
      <div
        ref={box}
        className={styles.chart}
        role="img"
        aria-label={label}
        data-testid={testId}
        data-ready={state === 'ready' ? 'true' : undefined}
        style={state === 'ready' ? undefined : { position: 'absolute', visibility: 'hidden' }}
      />
    </div>
  );
};
