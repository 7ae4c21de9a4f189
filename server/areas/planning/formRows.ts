/**
 * The data form sends its row fields as an object keyed "0", "1", … (`lines.0.productDefinitionId`,
 * `specifications.1.minValue`); they become a list in order, the rows whose `key` field is left blank
 * (the spare rows) dropped. A list sent as a list passes through; any other object is refused by the list's
 * schema.
 */
export function formRows(key: string) {
  return (v: unknown) => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    const rows = v as Record<string, unknown>;
    // only the form's rows, keyed 0, 1, …: any other object is left for the list schema to refuse
    if (!Object.keys(rows).length || !Object.keys(rows).every((k) => /^\d{1,3}$/.test(k))) return v;
    return Object.keys(rows).sort((a, b) => Number(a) - Number(b)).map((k) => rows[k])
      .filter((row) => {
        const value = (row as Record<string, unknown> | null)?.[key];
        return value !== null && value !== undefined && value !== "";
      });
  };
}
