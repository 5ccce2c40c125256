import type { ThemeConfig } from 'antd';

/** Keep in step with the CSS variables in styles/global.css. */
export const PRIMARY = '#0f766e';
/** Secondary text (--zyk-text-secondary): 4.5:1 and more on white and on the page's grey background. */
export const TEXT_SECONDARY = '#5b6a7e';
/** Placeholders (--zyk-text-placeholder): lighter than secondary text, still 4.5:1 on white. */
export const TEXT_PLACEHOLDER = '#6b7687';

export const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Tag text on its tinted background: antd's preset text (palette step 7) and status colours fall below 4.5:1
 * for these hues, so tags get the same hue a shade darker. The backgrounds and borders stay antd's.
 */
const READABLE_TAG_TEXT = {
  volcano7: '#c2370a',
  orange7: '#b35200',
  gold7: '#9e6100',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#2e7d0a',
  cyan7: '#05797e',
  colorSuccess: '#2e7d0a',
  colorWarning: '#9e6100',
  colorError: '#cf1322',
};

const TEAL_TINTS = { bg: '#f0fdfa', bgHover: '#ccfbf1', border: '#99f6e4', borderHover: '#5eead4' };

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorInfo: PRIMARY,
    // antd derives the light steps of a colour this dark as grey (#a8b5b2): selected rows, info alerts and tinted
    // backgrounds take the teal tints instead.
    colorPrimaryBg: TEAL_TINTS.bg,
    colorPrimaryBgHover: TEAL_TINTS.bgHover,
    colorPrimaryBorder: TEAL_TINTS.border,
    colorPrimaryBorderHover: TEAL_TINTS.borderHover,
    colorInfoBg: TEAL_TINTS.bg,
    colorInfoBgHover: TEAL_TINTS.bgHover,
    colorInfoBorder: TEAL_TINTS.border,
    colorInfoBorderHover: TEAL_TINTS.borderHover,
    colorLink: PRIMARY,
    // antd's defaults (45 % and 25 % black, #ff4d4f) miss 4.5:1 on white: counters, hints, placeholders, danger
    // links and form errors are text people must read.
    colorTextDescription: TEXT_SECONDARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    colorError: '#d9363e',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
    colorBgLayout: '#f4f6f8',
  },
  components: {
    Tag: READABLE_TAG_TEXT,
  },
};

/** The same theme with antd's motion off (the person asked their system for reduced motion). */
export const motionlessTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
