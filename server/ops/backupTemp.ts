/** Temporary files of a backup, taken or fetched (both database paths): a folder of its own each. */

export async function tempPath(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "abattoir-backup-" });
  return `${dir}/copy.db`;
}

export const removeTemp = (path: string) =>
  Deno.remove(path.slice(0, path.lastIndexOf("/")), { recursive: true }).catch(() => {});

/** SQLite string literal (a temporary path we made: no quotes in it, but never trust that). */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A name quoted for SQL. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
