/**
 * The browser and the system a device's User-Agent names, as a parent recognises a device in the
 * list of those that get pushes ("Chrome on Android"). Only the two names are stored, never the
 * string itself, which tells far more (versions, a phone's model). Null where one is not
 * recognised; the page then says "a browser" or "a system".
 */
export interface DeviceNames {
  browser: string | null;
  system: string | null;
}

/**
 * First match wins: Edge, Opera and Samsung Internet also say Chrome, and Chrome says Safari; on
 * iPhone and iPad every browser is WebKit and names itself by its own token (CriOS, FxiOS, EdgiOS).
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
  // The portal on an iPhone's or iPad's home screen, where alone iOS allows pushes, names no browser.
  [/\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\/[\d.]+ \(KHTML, like Gecko\) Mobile\//, 'Safari'],
];

/** Android says Linux too, and iOS "like Mac OS X". */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A real User-Agent is a few hundred characters; a longer header is cut before matching. */
const LONGEST = 512;

const firstMatch = (text: string, table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function deviceNames(userAgent: string | undefined): DeviceNames {
  const text = (userAgent ?? '').slice(0, LONGEST);
  return { browser: firstMatch(text, BROWSERS), system: firstMatch(text, SYSTEMS) };
}
