import UAParser from 'ua-parser-js';

export interface Device {
  browser: string;
  os: string;
  type: 'desktop' | 'mobile' | 'tablet';
}

/** The first one or two numbers of a version ("126.0.6478.55" → "126", "17.5.1" → "17.5"). */
const shortVersion = (version: string | undefined, parts: number) =>
  version ? version.split('.').slice(0, parts).join('.') : '';

const named = (name: string | undefined, version: string) => (name ? `${name} ${version}`.trim() : '');

/** What a user agent says about the device (ua-parser-js), in the words the security page shows. */
export const deviceOf = (userAgent: string | null | undefined): Device => {
  if (!userAgent) return { browser: '未知浏览器', os: '未知系统', type: 'desktop' };
  const ua = new UAParser(userAgent).getResult();
  const kind = ua.device.type;
  return {
    browser: named(ua.browser.name, shortVersion(ua.browser.version, 1)) || '未知浏览器',
    os: named(ua.os.name, shortVersion(ua.os.version, 2)) || '未知系统',
    type: kind === 'mobile' || kind === 'wearable' ? 'mobile' : kind === 'tablet' ? 'tablet' : 'desktop',
  };
};
