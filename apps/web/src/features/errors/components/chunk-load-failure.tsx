import { Button, Result } from 'antd';
import styles from './error-page.module.css';

/** A page area (script) or its styles could not be loaded; a reload fetches the current release. */
export const ChunkLoadFailure = ({ kind }: { kind: 'script' | 'style' }) => (
  <main className={styles.page} role="alert">
    <Result
      status="warning"
      title={kind === 'style' ? '页面样式加载失败' : '页面模块加载失败'}
      subTitle="可能是网络不稳定，或系统刚刚完成更新。请检查网络后重新加载页面。"
      extra={
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  </main>
);
