/** Changes at the AppSheet demo source, as the office would make them in AppSheet. */
import type { AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import type { AppSheetRow } from '../../functions/src/sync/mapping/mapRow';
import { readInSlices, type SliceOptions } from '../../functions/src/sync/appsheet/slices';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';

/** Add, Edit or Delete rows; throws with the server's answer unless it accepted them. */
export async function atSource(baseUrl: string, action: 'Add' | 'Edit' | 'Delete', table: string, rows: object[]): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v2/apps/${DEMO_APP_ID}/tables/${encodeURIComponent(table)}/Action`, {
    method: 'POST',
    headers: { ApplicationAccessKey: DEMO_ACCESS_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ Action: action, Properties: { Locale: 'de-DE', Timezone: 'W. Europe Standard Time' }, Rows: rows }),
  });
  if (response.status !== 200) throw new Error(`AppSheet ${action} on ${table}: HTTP ${response.status} ${await response.text()}`);
}

/** Every row of a table as the sync reads it in slices (a restart drops what came before). */
export async function findInSlices(client: AppSheetClient, table: string, keyColumn: string, options: SliceOptions = {}): Promise<AppSheetRow[]> {
  let rows: AppSheetRow[] = [];
  await readInSlices(client, table, keyColumn, (slice) => void (rows = rows.concat(slice)), { ...options, onRestart: () => (rows = []) });
  return rows;
}
