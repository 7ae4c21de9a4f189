/**
 * Table ownership (db/tenant/owners.ts): only a table's owning area writes it. A write is a drizzle
 * `.insert(t)`, `.update(t)` or `.delete(t)` in a file under server/areas/; `t` is resolved by the name
 * it was imported under from db/tenant/ (`import { livestockOrders as orders }`, `import * as schema`
 * with `schema.livestockOrders`, and a local alias `const o = livestockOrders`). Anything else
 * (`blobs.delete(key)`, a Map) is not a tenant table and is left alone; an `.insert(x)` whose table
 * cannot be named is reported, since only drizzle inserts.
 */
import { areaOf, code, type Graph } from "./graph.ts";

export interface TableWrite {
  file: string;
  line: number;
  verb: "insert" | "update" | "delete";
  /** the table's export name in db/tenant/, or null when the argument names no imported table */
  table: string | null;
  written: string;
}

/** The shared kit files that write the audit trail (unit.audit → recordAudit). */
export const AUDIT_TRAIL_FILES = ["server/areas/audit.ts", "server/areas/unit.ts"];

const WRITE_RE = /\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*[,)]/g;
// `const o = livestockOrders;`, and `const t = table as typeof buyers;` (a table of that shape)
const ALIAS_RE =
  /\b(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*(?:as\s+typeof\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*)?;/g;

/** Every write call in server/areas/, with the tenant table it names (when it names one). */
export function tableWrites(graph: Graph): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const [file, text] of graph.files) {
    if (areaOf(file) === undefined) continue;
    // local name → the table's export name ("*" for a namespace import of db/tenant)
    const bindings = new Map<string, string>();
    // names of the control database's tables: not a tenant table, not this rule's
    const control = new Set<string>();
    for (const e of graph.edges) {
      if (e.from !== file || !e.local || e.kind !== "import") continue;
      if (e.to.startsWith("db/control/")) Object.keys(e.bindings).forEach((local) => control.add(local));
      if (!e.to.startsWith("db/tenant/")) continue;
      for (const [local, imported] of Object.entries(e.bindings)) bindings.set(local, imported);
    }
    if (!bindings.size) continue;
    const body = code(text);
    const tableOf = (expr: string): string | null => {
      const [head, member] = expr.split(".");
      const bound = bindings.get(head);
      if (bound === undefined) return null;
      if (bound === "*") return member ?? null;
      return member === undefined ? bound : null;
    };
    for (const m of body.matchAll(ALIAS_RE)) {
      const table = tableOf(m[3] ?? m[2]);
      if (table) bindings.set(m[1], table);
    }
    for (const m of body.matchAll(WRITE_RE)) {
      const table = tableOf(m[2]);
      if (!table && (m[1] !== "insert" || control.has(m[2].split(".")[0]))) continue;
      writes.push({
        file,
        line: body.slice(0, m.index).split("\n").length,
        verb: m[1] as TableWrite["verb"],
        table,
        written: m[2],
      });
    }
  }
  return writes;
}

export interface OwnershipRules {
  /** table export name → its owner: an area folder under server/areas/, or "audit trail" */
  owners: Readonly<Record<string, string>>;
  /** area folders that may write any table, each with the reason */
  exceptions: Readonly<Record<string, string>>;
}

/** The writes by someone other than the table's owner (and inserts into a table the rule cannot name). */
export function ownershipViolations(graph: Graph, rules: OwnershipRules): string[] {
  const out: string[] = [];
  for (const w of tableWrites(graph)) {
    const area = areaOf(w.file);
    if (
      area && Object.keys(rules.exceptions).some((x) => area === x || w.file.startsWith(`server/areas/${x}/`))
    ) {
      continue;
    }
    const where = `${w.file}:${w.line} .${w.verb}(${w.written})`;
    if (w.table === null) {
      out.push(`a write to a table the rule cannot name: ${where}`);
      continue;
    }
    const owner = rules.owners[w.table];
    if (owner === undefined) {
      out.push(`a write to ${w.table}, which has no owner in db/tenant/owners.ts: ${where}`);
    } else if (owner === "audit trail" ? !AUDIT_TRAIL_FILES.includes(w.file) : area !== owner) {
      out.push(`${w.table} is ${owner}'s, written by ${area ?? "the shared kit"}: ${where}`);
    }
  }
  return out;
}
