import Bowser from 'bowser';

/** "Chrome 156 en Android 14" from a User-Agent, for the list of sessions; null when unreadable. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split('.')[0]].filter(Boolean).join(' ');
  if (!browser && !system) return null;
  if (!system) return browser;
  if (!browser) return system;
  return `${browser} en ${system}`;
}
