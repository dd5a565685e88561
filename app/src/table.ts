// The table: the account this phone keeps games in. Its key stays on this device (the phone's
// storage for this site), is sent only in the Authorization header, and is never shown in a URL.

export type Table = { account_id: string; name: string; api_key: string };

const KEPT = "phase10.table";

/** The table this phone keeps, if it has one yet. */
export function table(): Table | null {
  const kept = localStorage.getItem(KEPT);
  if (!kept) return null;
  try {
    const parsed = JSON.parse(kept) as Partial<Table>;
    if (parsed.account_id && parsed.name && parsed.api_key) return parsed as Table;
  } catch {
    // A value this app did not write: as if there were none.
  }
  return null;
}

/** The key of the table, for the Authorization header. */
export function tableKey(): string | null {
  return table()?.api_key ?? null;
}

/** Keeps the table on this phone. */
export function keepTable(kept: Table): void {
  localStorage.setItem(KEPT, JSON.stringify(kept));
}
