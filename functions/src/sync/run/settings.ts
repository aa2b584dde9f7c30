/** What the scheduled and manual syncs run with, from the settings in config.ts. */
import { maxDeletionPercent, SLICE_ROWS_SETTING, uncertainHoldMsFromEnvironment } from '../../config';
import { appSheetFromConfig } from '../appsheet/configured';
import { SLICE_ROWS } from '../appsheet/slices';

export function syncSettingsFromConfig() {
  // An unset parameter reads as 0 outside a deployed function: then the guard's own default applies.
  const percent = maxDeletionPercent.value();
  return {
    appSheet: appSheetFromConfig(),
    deletionShare: percent > 0 && percent <= 100 ? percent / 100 : undefined,
    sliceRows: sliceRowsFromEnvironment(),
    uncertainHoldMs: uncertainHoldMsFromEnvironment(),
  };
}

function sliceRowsFromEnvironment(): number {
  const raw = process.env[SLICE_ROWS_SETTING];
  if (raw === undefined || raw.trim() === '') return SLICE_ROWS;
  const rows = Number(raw);
  if (!Number.isInteger(rows) || rows < 0) throw new Error(`SYNC_SLICE_ROWS must be a whole number of rows, 0 or more, not "${raw}"`);
  return rows;
}
