import { FileTextOutlined, PlayCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import styles from './home-hero.module.css';

const KINDS = [
  { icon: <PlayCircleOutlined />, title: '微课资源', text: '精讲知识点的微课视频' },
  { icon: <FileTextOutlined />, title: '教学文档', text: '教案、课件、学案与习题' },
  { icon: <TrophyOutlined />, title: '教研成果', text: '课题、论文与培训成果' },
];

export const HomeHero = () => (
  <div className="zyk-container">
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div className={styles.copy}>
        <h1 id="home-hero-title" className={styles.title}>
          资源库
        </h1>
        <p className={styles.lead}>汇聚区域优质教学资源，让每一位老师都能便捷地浏览、检索、分享与下载。</p>
      </div>
      <ul className={styles.kinds} aria-label="资源类型">
        {KINDS.map((kind) => (
          <li key={kind.title} className={styles.kind}>
            <span className={styles.kindIcon} aria-hidden>
              {kind.icon}
            </span>
            <span>
              <span className={styles.kindTitle}>{kind.title}</span>
              <span className={styles.kindText}>{kind.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  </div>
);
