import type { DashboardData } from '@zyk/shared';
import { useMemo } from 'react';
import { EChart } from '../../../components/echart.tsx';
import type { EChartsOption } from '../../../lib/echarts.ts';
import styles from './dashboard.module.css';
import { loadEcharts } from './echarts.ts';

/** Uploads, downloads and views per China day over the 30 days; the chart follows its box's width. */
export const TrendChart = ({ days }: { days: DashboardData['days'] }) => {
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { data: ['上传', '下载', '浏览'], top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '上传', type: 'line', data: days.map((d) => d.uploads), smooth: true },
        { name: '下载', type: 'line', data: days.map((d) => d.downloads), smooth: true },
        { name: '浏览', type: 'line', data: days.map((d) => d.views), smooth: true },
      ],
    }),
    [days],
  );
  return (
    <EChart
      option={option}
      load={loadEcharts}
      label="近 30 天每日上传、下载与浏览趋势图"
      testId="dashboard-trend"
      className={styles.chartBox}
    />
  );
};
