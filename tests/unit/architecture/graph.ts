/**
 * The import graph the architecture test reads: every .ts/.tsx file under the given folders, with its
 * static `import … from`, `export … from`, side-effect `import "…"` and dynamic `import("…")` specifiers,
 * found with regular expressions and resolved relative to the importing file (or through deno.json's
 * import map). Test files (*.test.ts beside the code) are not modules of the app and are left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";

export type EdgeKind = "import" | "export" | "side-effect" | "dynamic";

export interface Edge {
  from: string;
  /** a repo-relative path for local files, else the specifier as written (a package, node:…, npm:…) */
  to: string;
  local: boolean;
  specifier: string;
  kind: EdgeKind;
  typeOnly: boolean;
  /** the imported names of a static import/export (without `type`), "*" for a namespace/star */
  names: string[];
  /** local name → imported name of a static import (`import { a as b }` gives b → a) */
  bindings: Record<string, string>;
}

export interface Graph {
  /** repo-relative path → source text */
  files: Map<string, string>;
  edges: Edge[];
  /** `from "…"` lines the parser did not understand (so an unusual form cannot hide an edge) */
  unparsed: string[];
}

const STATIC_RE = /^[ \t]*(import|export)\s+(type\s+)?([\w\s{},*$]*?)\s*\bfrom\s*["']([^"'\n]+)["']/gm;
const SIDE_EFFECT_RE = /^[ \t]*import\s*["']([^"'\n]+)["']/gm;
const DYNAMIC_RE = /\bimport\s*\(\s*["'`]([^"'`$\n]+)["'`]\s*\)/g;
const FROM_LINE_RE = /\bfrom\s*["']([^"'\n]+)["'];?\s*$/gm;

function namesOf(clause: string): string[] {
  if (/\*/.test(clause)) return ["*"];
  const braces = /\{([^}]*)\}/.exec(clause);
  const named = braces
    ? braces[1].split(",").map((n) => n.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]).filter(Boolean)
    : [];
  const defaultName = clause.replace(/\{[^}]*\}/, "").replace(/,/g, " ").trim();
  return defaultName ? ["default", ...named] : named;
}

function bindingsOf(clause: string): Record<string, string> {
  const braces = /\{([^}]*)\}/.exec(clause);
  const out: Record<string, string> = {};
  const namespace = /\*\s+as\s+([\w$]+)/.exec(clause);
  if (namespace) out[namespace[1]] = "*";
  for (const part of braces ? braces[1].split(",") : []) {
    const [imported, local] = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/);
    if (imported) out[(local ?? imported).trim()] = imported.trim();
  }
  return out;
}

/** Builds the graph of in-memory sources; `importMap` maps bare specifiers to local paths (deno.json). */
export function buildGraph(sources: Map<string, string>, importMap: Record<string, string> = {}): Graph {
  const edges: Edge[] = [];
  const unparsed: string[] = [];
  const resolve = (from: string, specifier: string): { to: string; local: boolean } => {
    if (specifier.startsWith("./") || specifier.startsWith("../")) {
      return { to: posix.normalize(posix.join(posix.dirname(from), specifier)), local: true };
    }
    for (const [key, target] of Object.entries(importMap)) {
      const hit = key.endsWith("/") ? specifier.startsWith(key) : specifier === key;
      if (hit && (target.startsWith("./") || target.startsWith("../"))) {
        return { to: posix.normalize(target + specifier.slice(key.length)), local: true };
      }
    }
    return { to: specifier, local: false };
  };
  for (const [file, text] of sources) {
    const seen = new Set<string>();
    const add = (specifier: string, kind: EdgeKind, typeOnly: boolean, clause: string) => {
      seen.add(specifier);
      const names = kind === "dynamic" ? ["*"] : kind === "side-effect" ? [] : namesOf(clause);
      const bindings = kind === "import" ? bindingsOf(clause) : {};
      edges.push({ from: file, ...resolve(file, specifier), specifier, kind, typeOnly, names, bindings });
    };
    for (const m of text.matchAll(STATIC_RE)) add(m[4], m[1] as "import" | "export", Boolean(m[2]), m[3]);
    for (const m of text.matchAll(SIDE_EFFECT_RE)) add(m[1], "side-effect", false, "");
    for (const m of text.matchAll(DYNAMIC_RE)) add(m[1], "dynamic", false, "");
    for (const m of text.matchAll(FROM_LINE_RE)) {
      if (!seen.has(m[1])) unparsed.push(`${file}: ${m[0].trim()}`);
    }
  }
  return { files: sources, edges, unparsed };
}

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The app's sources under `folders` (repo-relative), without tests, declarations and migrations. */
export function readTree(folders: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const path = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== "node_modules" && e.name !== "migrations") walk(path);
      } else if (/\.tsx?$/.test(e.name) && !/\.(d|test)\.tsx?$/.test(e.name)) {
        files.set(path, readFileSync(join(ROOT, path), "utf8"));
      }
    }
  };
  folders.forEach(walk);
  return files;
}

/** The import map of deno.json (bare specifiers that name local files). */
export function importMapOf(): Record<string, string> {
  return JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).imports ?? {};
}

/** Source text without comments (a crude pass: enough to grep for `Deno.`, `fetch(`, `process.`). */
export function code(text: string): string {
  // a comment starts a line or follows a blank: "/api/*" and "https://…" in strings are left alone
  return text.replace(/(^|[ \t])\/\*[\s\S]*?\*\//gm, "$1").replace(/(^|[ \t])\/\/.*$/gm, "$1");
}

/**
 * The area of a file under server/areas: the first folder, and for livestock the second
 * (livestock/orders, livestock/parties, livestock/volumeTargets are areas of their own; files directly
 * in server/areas/livestock/ are the livestock-wide part, "livestock"). Files directly in server/areas/
 * (context.ts, mod.ts, …) are shared: null. Not in server/areas: undefined.
 */
export function areaOf(path: string): string | null | undefined {
  const parts = path.split("/");
  if (parts[0] !== "server" || parts[1] !== "areas") return undefined;
  if (parts.length === 3) return null;
  // livestock/pages holds the livestock-wide screens (the buy home), not a sub-area
  if (parts[2] === "livestock" && parts.length > 4 && parts[3] !== "pages") return `livestock/${parts[3]}`;
  return parts[2];
}
