import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import styles from './error-page.module.css';

export type ErrorCode = 404 | 500 | 502;

const TEXT: Record<ErrorCode, { title: string; subTitle: string; status: '404' | '500' | 'warning' }> = {
  404: { status: '404', title: '页面不存在', subTitle: '抱歉，您访问的页面不存在或已被移除，请检查地址是否正确。' },
  500: { status: '500', title: '服务器出错了', subTitle: '抱歉，服务器暂时无法处理您的请求，请稍后再试。' },
  502: { status: 'warning', title: '服务暂时不可用', subTitle: '抱歉，网关暂时无法连接到服务，请稍后刷新重试。' },
};

/** A full page without the site header (error pages have no header). */
export const ErrorPage = ({ code }: { code: ErrorCode }) => {
  const navigate = useNavigate();
  const text = TEXT[code];
  return (
    <main className={styles.page}>
      <Result
        status={text.status}
        title={<span className={styles.code}>{code}</span>}
        subTitle={
          <>
            <span className={styles.title}>{text.title}</span>
            <span className={styles.sub}>{text.subTitle}</span>
          </>
        }
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/home/index')}>
            返回首页
          </Button>
        }
      />
    </main>
  );
};
