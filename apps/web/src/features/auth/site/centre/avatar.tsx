import { UserOutlined } from '@ant-design/icons';
import styles from './centre.module.css';

/** A round avatar: the picture when there is one, else the name's first character (or a person icon). */
export const Avatar = ({
  url,
  name,
  size = 'medium',
}: {
  url: string | null;
  name: string;
  size?: 'small' | 'medium' | 'large';
}) => {
  const className = `${styles.avatar} ${styles[`avatar-${size}`]}`;
  if (url) return <img className={className} src={url} alt={`${name}的头像`} data-testid="avatar-image" />;
  return (
    <span className={className} role="img" aria-label={`${name}的头像`}>
      {name ? name.slice(0, 1) : <UserOutlined aria-hidden />}
    </span>
  );
};
