/** The browser and system a session signed in from, as the sessions screen names them. */
export interface DeviceSummary {
  browser: string;
  os: string;
  isMobile: boolean;
}

// Order matters: Edge and Opera carry "Chrome" too, Chrome carries "Safari".
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const SYSTEMS: Array<[name: string, pattern: RegExp, versionOf?: (match: RegExpExecArray) => string]> = [
  ['iOS', /(?:iPhone|iPad|iPod).*? OS (\d+)/, (match) => match[1]],
  ['Android', /Android (\d+(?:\.\d+)?)/, (match) => match[1]],
  ['Windows', /Windows NT/],
  ['macOS', /Mac OS X/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/**
 * A short description of a user agent ("Chrome 131", "Android 14"), enough for a person to tell their
 * devices apart; empty parts when it is not recognised (the raw string is shown beside it).
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const text = userAgent ?? '';
  let browser = '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = `${name} ${match[1].split('.')[0]}`;
      break;
    }
  }
  let os = '';
  for (const [name, pattern, versionOf] of SYSTEMS) {
    const match = pattern.exec(text);
    if (match) {
      os = versionOf ? `${name} ${versionOf(match)}` : name;
      break;
    }
  }
  return { browser, os, isMobile: /Mobi|iPhone|iPad|Android/.test(text) };
}
