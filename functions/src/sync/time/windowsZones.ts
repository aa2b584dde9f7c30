/**
 * AppSheet's `Timezone` request property names zones the Windows way (its API documentation's
 * example is "Pacific Standard Time"), so the IANA name of SCHOOL_TIME_ZONE is translated with
 * the Unicode CLDR table windowsZones.xml. Only Europe and UTC are listed, where the portal's
 * schools are; a zone missing here is a configuration error (add its CLDR line), never a silent UTC.
 */
const WINDOWS_ZONES: Readonly<Record<string, readonly string[]>> = {
  // CLDR's main zone for each Windows name comes first.
  'W. Europe Standard Time': [
    'Europe/Berlin', 'Europe/Amsterdam', 'Europe/Andorra', 'Europe/Busingen', 'Europe/Gibraltar', 'Europe/Luxembourg',
    'Europe/Malta', 'Europe/Monaco', 'Europe/Oslo', 'Europe/Rome', 'Europe/San_Marino', 'Europe/Stockholm',
    'Europe/Vaduz', 'Europe/Vatican', 'Europe/Vienna', 'Europe/Zurich', 'Arctic/Longyearbyen',
  ],
  'Romance Standard Time': ['Europe/Paris', 'Europe/Brussels', 'Europe/Copenhagen', 'Europe/Madrid', 'Africa/Ceuta'],
  'Central Europe Standard Time': [
    'Europe/Budapest', 'Europe/Belgrade', 'Europe/Bratislava', 'Europe/Ljubljana', 'Europe/Podgorica', 'Europe/Prague', 'Europe/Tirane',
  ],
  'Central European Standard Time': ['Europe/Warsaw', 'Europe/Sarajevo', 'Europe/Skopje', 'Europe/Zagreb'],
  'GMT Standard Time': [
    'Europe/London', 'Europe/Dublin', 'Europe/Guernsey', 'Europe/Isle_of_Man', 'Europe/Jersey', 'Europe/Lisbon',
    'Atlantic/Canary', 'Atlantic/Faroe', 'Atlantic/Madeira',
  ],
  'FLE Standard Time': [
    'Europe/Kiev', 'Europe/Kyiv', 'Europe/Helsinki', 'Europe/Mariehamn', 'Europe/Riga', 'Europe/Sofia', 'Europe/Tallinn', 'Europe/Vilnius',
  ],
  'GTB Standard Time': ['Europe/Bucharest', 'Europe/Athens'],
  'E. Europe Standard Time': ['Europe/Chisinau'],
  'Russian Standard Time': ['Europe/Moscow', 'Europe/Simferopol'],
  'Turkey Standard Time': ['Europe/Istanbul'],
  UTC: ['UTC', 'Etc/UTC', 'Etc/GMT'],
};

const BY_IANA = new Map(Object.entries(WINDOWS_ZONES).flatMap(([windows, zones]) => zones.map((zone) => [zone, windows] as const)));

export function windowsTimeZone(zone: string): string {
  const name = BY_IANA.get(zone);
  if (!name) {
    throw new Error(
      `No AppSheet time zone name is known for SCHOOL_TIME_ZONE "${zone}": use one of the zones in functions/src/sync/time/windowsZones.ts or add its CLDR windowsZones mapping there`,
    );
  }
  return name;
}

/** A Windows zone name → the IANA zone that keeps the same clock; null when unknown. */
export function ianaTimeZone(windowsName: string): string | null {
  return WINDOWS_ZONES[windowsName]?.[0] ?? null;
}
