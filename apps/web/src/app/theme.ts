import type { ThemeConfig } from 'antd';

/** Keep in step with the CSS variables in styles/global.css. */
export const PRIMARY = '#0f766e';

export const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorInfo: PRIMARY,
    colorLink: PRIMARY,
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
    colorBgLayout: '#f4f6f8',
  },
};
