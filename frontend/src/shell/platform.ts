// The platform's own names for shortcut keys: ⌘ on a Mac, Ctrl elsewhere.

/** isMac reads the platform the window runs on. */
export function isMac(nav: Pick<Navigator, "platform" | "userAgent"> | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const data = (nav as { userAgentData?: { platform?: string } }).userAgentData?.platform;
  return /mac|iphone|ipad/i.test(data || nav.platform || nav.userAgent || "");
}

/** keyNames turns "Ctrl/⌘ + K" into "Ctrl + K", or "⌘ + K" on a Mac. */
export function keyNames(keys: string, mac = isMac()): string {
  return keys.replace(/Ctrl\/⌘/g, mac ? "⌘" : "Ctrl");
}
