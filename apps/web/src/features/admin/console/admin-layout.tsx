import { ArrowLeftOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Menu, type MenuProps, Result, Tag } from 'antd';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { useSession } from '../../../stores/session.ts';
import { holds, useIdentity } from '../hooks/use-identity.ts';
import styles from './admin-layout.module.css';
import { CONSOLE_NAV, CONSOLE_PAGES } from './nav.tsx';

/** The page of the console the path shows (/admin/<path>/…). */
const pageOf = (pathname: string) =>
  CONSOLE_PAGES.find((p) => pathname === `/admin/${p.path}` || pathname.startsWith(`/admin/${p.path}/`));

/**
 * The administration console's frame: a side menu of the pages the administrator may use (a drawer below antd's lg
 * breakpoint), a header with their scope and the way back to the site, and the page. A page whose permission the
 * administrator lacks shows 无权访问 instead of calling an api that would refuse.
 */
export const AdminLayout = () => {
  const { user, loggedIn } = useSession();
  const allowed = loggedIn && !!user?.hasConsole;
  const identity = useIdentity(allowed);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const compact = screens.lg === false;
  const [menuOpen, setMenuOpen] = useState(false);

  if (!allowed) {
    return (
      <main className={styles.denied}>
        <Result
          status="403"
          title="无权访问管理后台"
          subTitle="管理后台供学校管理员、教研员和区县管理员使用。如需开通，请联系区县管理员。"
          extra={
            <Link to="/home/index">
              <Button type="primary" size="large">
                返回首页
              </Button>
            </Link>
          }
        />
      </main>
    );
  }
  if (identity.isPending) {
    return (
      <main className={styles.denied}>
        <Loading size="large" />
      </main>
    );
  }
  if (identity.isError) {
    return (
      <main className={styles.denied}>
        <Result status="warning" title="管理后台加载失败" subTitle={errorText(identity.error)} />
      </main>
    );
  }
  const me = identity.data;
  const groups = CONSOLE_NAV.map((g) => ({ ...g, pages: g.pages.filter((p) => holds(me, p.permission)) })).filter(
    (g) => g.pages.length > 0,
  );
  const current = pageOf(pathname);
  const items: MenuProps['items'] = groups.map((g) => ({
    key: g.key,
    icon: g.icon,
    label: g.label,
    type: 'group' as const,
    children: g.pages.map((p) => ({ key: p.path, label: <Link to={`/admin/${p.path}`}>{p.label}</Link> })),
  }));
  const menu = (
    <Menu mode="inline" items={items} selectedKeys={current ? [current.path] : []} onClick={() => setMenuOpen(false)} />
  );
  const scope = me.scope.all
    ? '全区'
    : [me.scope.schoolName, [me.scope.stageName, me.scope.subjectName].filter(Boolean).join('')]
        .filter(Boolean)
        .join('、');
  const first = groups[0]?.pages[0];
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        {compact && (
          <Button
            type="text"
            size="large"
            icon={<MenuOutlined aria-hidden />}
            aria-label="管理后台菜单"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          />
        )}
        <Link to={first ? `/admin/${first.path}` : '/admin'} className={styles.brand}>
          资源库 · 管理后台
        </Link>
        {!compact && (
          <span className={styles.who} data-testid="console-identity">
            {me.realName}
            {me.roles.map((r) => (
              <Tag key={r.code} color="green" className={styles.roleTag}>
                {r.name}
              </Tag>
            ))}
            <span className={styles.scope}>管理范围：{scope || '—'}</span>
          </span>
        )}
        <Button
          className={styles.back}
          icon={<ArrowLeftOutlined aria-hidden />}
          size={compact ? 'large' : 'middle'}
          onClick={() => navigate('/home/index')}
        >
          {compact ? '网站' : '返回网站'}
        </Button>
      </header>
      <div className={styles.body}>
        {compact ? (
          <Drawer
            placement="left"
            size={280}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            title="管理后台"
            styles={{ body: { padding: 0 } }}
          >
            <nav aria-label="管理后台导航">{menu}</nav>
          </Drawer>
        ) : (
          <aside className={styles.side}>
            <nav aria-label="管理后台导航">{menu}</nav>
          </aside>
        )}
        <main className={styles.content}>
          {current && !holds(me, current.permission) ? (
            <Result status="403" title="无权访问此页" subTitle="您的角色没有此页的权限。" />
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </div>
  );
};
