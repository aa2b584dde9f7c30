/** What a check of `npm run doctor` reports, and small helpers the checks share. */
export type Level = 'error' | 'warning' | 'note';
export interface Finding {
  level: Level;
  /** The setting (or area) the finding is about, e.g. VITE_SEPA_IBAN. */
  setting: string;
  message: string;
}
export type Env = Readonly<Record<string, string | undefined>>;

export const error = (setting: string, message: string): Finding => ({ level: 'error', setting, message });
export const warning = (setting: string, message: string): Finding => ({ level: 'warning', setting, message });

export function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
