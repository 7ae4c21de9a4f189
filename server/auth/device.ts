/**
 * A person's words for the device behind a session, from its User-Agent: "Chrome on Windows",
 * "Safari on iPhone", "An app or script" (a bearer-token client that is no browser). Shown in the
 * user's list of sessions so they can tell theirs from one that should not be there.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome\//, "Chrome (headless)"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/CrOS/, "ChromeOS"],
  [/Web0S|webOS|Tizen|SMART-TV|SmartTV/, "a TV"],
  [/Linux/, "Linux"],
];

export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser || !/^Mozilla\//.test(userAgent)) return "An app or script";
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
