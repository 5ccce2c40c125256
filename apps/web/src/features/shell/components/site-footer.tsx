import { chinaYear } from '@zyk/shared';
import styles from './site-footer.module.css';

export const SiteFooter = () => (
  <footer className={styles.footer}>
    <div className={`zyk-container ${styles.inner}`}>
      <p className={styles.about}>
        资源库是面向区域教师的教学资源共享平台，汇集微课视频、教学文档与教研成果，服务日常备课与教研。
      </p>
      <p className={styles.copyright} data-testid="footer-copyright">
        © {chinaYear()} 资源库 · 版权所有
      </p>
    </div>
  </footer>
);
