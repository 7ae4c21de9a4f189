/**
 * The folder rules of ARCHITECTURE.md, read from the import graph of every .ts/.tsx file under server/,
 * client/ and db/: static `import … from`, `export … from`, side-effect `import "…"` and dynamic
 * `import("…")` specifiers, found with regular expressions and resolved relative to the importing file.
 * A failure lists the offending edges; the edges an allow-list lets through are only counted.
 * Test files (*.test.ts beside the code) are not modules of the app and are left out.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";

// ---------- the graph ----------

type EdgeKind = "import" | "export" | "side-effect" | "dynamic";

interface Edge {
  from: string;
  /** a repo-relative path for local files, else the specifier as written (a package, node:…, npm:…) */
  to: string;
  local: boolean;
  specifier: string;
  kind: EdgeKind;
  typeOnly: boolean;
  /** the imported names of a static import/export (without `type`), "*" for a namespace/star */
  names: string[];
}

interface Graph {
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

/** Builds the graph of in-memory sources; `importMap` maps bare specifiers to local paths (deno.json). */
function buildGraph(sources: Map<string, string>, importMap: Record<string, string> = {}): Graph {
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
    const add = (specifier: string, kind: EdgeKind, typeOnly: boolean, names: string[]) => {
      seen.add(specifier);
      edges.push({ from: file, ...resolve(file, specifier), specifier, kind, typeOnly, names });
    };
    for (const m of text.matchAll(STATIC_RE)) {
      add(m[4], m[1] as "import" | "export", Boolean(m[2]), namesOf(m[3]));
    }
    for (const m of text.matchAll(SIDE_EFFECT_RE)) add(m[1], "side-effect", false, []);
    for (const m of text.matchAll(DYNAMIC_RE)) add(m[1], "dynamic", false, ["*"]);
    for (const m of text.matchAll(FROM_LINE_RE)) {
      if (!seen.has(m[1])) unparsed.push(`${file}: ${m[0].trim()}`);
    }
  }
  return { files: sources, edges, unparsed };
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function readTree(folders: string[]): Map<string, string> {
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

// ---------- the rules ----------

/** Source text without comments (a crude pass: enough to grep for `Deno.`, `fetch(`, `process.`). */
function code(text: string): string {
  // a comment starts a line or follows a blank: "/api/*" and "https://…" in strings are left alone
  return text.replace(/(^|[ \t])\/\*[\s\S]*?\*\//gm, "$1").replace(/(^|[ \t])\/\/.*$/gm, "$1");
}

/** Packages and built-ins that do I/O (databases, files, sockets, processes): never in pure code. */
const IO_PACKAGE = /^(node:|npm:\/?(drizzle-orm|@libsql\/|@redis\/)|drizzle-orm|@libsql\/|@redis\/)/;

/**
 * What the browser may import from server/: the modules that are pure by design and meant to be shared
 * (each must also be pure in fact: no db/, no I/O package, no `Deno.`, transitively; checked below).
 */
const CLIENT_SHARED = {
  /** the areas' domain rules (ARCHITECTURE.md: "rules.ts  pure domain rules (no I/O)"); islands reuse them */
  areaRules: /^server\/areas\/.+\/rules\.ts$/,
  /** formatting, money and calendar helpers and catalogues are pure data/functions by their name */
  sharedNames: ["format.ts", "money.ts", "dates.ts", "catalogue.ts"],
  /**
   * named shared modules: the error catalogue (one source for the server's errors and the browser's API
   * client) and the plant calendar (areas, seeds and islands add days in one place)
   */
  files: ["server/http/catalogue.ts"],
};

/** What one area may import from another: its public face, never its internals (pages, seed, helpers). */
const AREA_PUBLIC = {
  /**
   * the service split by job, the pure rules, the shared enums, the zod schemas and the field lists of
   * its forms (another area's screen for the same record shows the same fields)
   */
  files: ["service.ts", "queries.ts", "commands.ts", "rules.ts", "enums.ts", "schemas.ts", "forms.ts"],
  /** api.ts only for its path constants (an UPPER_CASE name), never its routers or handlers */
  apiConstants: /^[A-Z][A-Z0-9_]*$/,
  /** the registry wires every area's api and routes together */
  registry: "server/areas/mod.ts",
};

/**
 * The area of a file under server/areas: the first folder, and for livestock the second
 * (livestock/orders, livestock/parties, livestock/volumeTargets are areas of their own; files directly
 * in server/areas/livestock/ are the livestock-wide part, "livestock"). Files directly in server/areas/
 * (context.ts, dates.ts, mod.ts, …) are shared: null. Not in server/areas: undefined.
 */
function areaOf(path: string): string | null | undefined {
  const parts = path.split("/");
  if (parts[0] !== "server" || parts[1] !== "areas") return undefined;
  if (parts.length === 3) return null;
  // livestock/pages holds the livestock-wide screens (the buy home), not a sub-area
  if (parts[2] === "livestock" && parts.length > 4 && parts[3] !== "pages") return `livestock/${parts[3]}`;
  return parts[2];
}

interface Result {
  violations: string[];
  /** edges across a boundary that an allow-list let through, by rule */
  allowed: Record<string, number>;
}

function checkGraph(graph: Graph): Result {
  const violations: string[] = [];
  const allowed: Record<string, number> = {};
  const allow = (rule: string) => (allowed[rule] = (allowed[rule] ?? 0) + 1);
  const bad = (rule: string, e: Edge, why = "") =>
    violations.push(`${rule}: ${e.from} → ${e.to}${e.local ? "" : " (package)"}${why ? ` (${why})` : ""}`);
  const under = (path: string, folder: string) => path.startsWith(`${folder}/`);
  const edgesFrom = new Map<string, Edge[]>();
  for (const e of graph.edges) edgesFrom.set(e.from, [...(edgesFrom.get(e.from) ?? []), e]);

  // purity, transitively: why a module is not pure, or null
  const impurity = new Map<string, string | null>();
  const whyImpure = (path: string): string | null => {
    if (impurity.has(path)) return impurity.get(path)!;
    impurity.set(path, null); // cycles: assume pure while visiting
    let why: string | null = null;
    if (/\bDeno\./.test(code(graph.files.get(path) ?? ""))) why = `${path} uses Deno.*`;
    // type-only imports are erased: they do no I/O
    for (const e of (edgesFrom.get(path) ?? []).filter((e) => !e.typeOnly)) {
      if (why) break;
      if (!e.local && IO_PACKAGE.test(e.to)) why = `${path} imports ${e.to}`;
      else if (e.local && under(e.to, "db")) why = `${path} imports ${e.to}`;
      else if (e.local && whyImpure(e.to)) why = `${path} → ${whyImpure(e.to)}`;
    }
    impurity.set(path, why);
    return why;
  };

  // client: the shared roots, and the pure modules they import (transitively)
  const isClientRoot = (path: string) =>
    CLIENT_SHARED.areaRules.test(path) || CLIENT_SHARED.files.includes(path) ||
    (under(path, "server") && CLIENT_SHARED.sharedNames.includes(posix.basename(path)));
  const clientShared = new Set<string>();
  const visit = (path: string) => {
    if (clientShared.has(path)) return;
    clientShared.add(path);
    for (const e of edgesFrom.get(path) ?? []) {
      if (e.local && under(e.to, "server") && !whyImpure(e.to)) visit(e.to);
    }
  };
  [...graph.files.keys()].filter(isClientRoot).forEach(visit);

  // what an area's rules.ts re-exports: the split rules modules it stands for ("<rules.ts> <module>")
  const reExportedByRules = new Set(
    graph.edges.filter((e) => posix.basename(e.from) === "rules.ts" && e.kind === "export" && e.local)
      .map((e) => `${e.from} ${e.to}`),
  );

  for (const e of graph.edges) {
    // client/** → db/** never; → server/** only the shared pure modules
    if (under(e.from, "client") && e.local && (under(e.to, "db") || under(e.to, "server"))) {
      if (under(e.to, "db")) bad("client imports db", e);
      else if (!clientShared.has(e.to)) bad("client imports server", e, "not a shared pure module");
      else if (whyImpure(e.to)) bad("client imports server", e, `not pure: ${whyImpure(e.to)}`);
      else allow("client → shared server modules");
    }

    // db/** → nothing of server/ or client/
    if (under(e.from, "db") && e.local && (under(e.to, "server") || under(e.to, "client"))) {
      bad("db imports server/client", e);
    }

    // server/access: one pure policy (no framework, no I/O, no areas/http/auth/db)
    if (under(e.from, "server/access")) {
      const forbidden = ["db", "server/areas", "server/http", "server/auth"].find((f) => under(e.to, f));
      if (!e.local) bad("access imports a package", e, "server/access is pure: its own files only");
      else if (forbidden) bad("access imports " + forbidden, e);
      else if (!under(e.to, "server/access") && whyImpure(e.to)) {
        bad("access imports I/O", e, whyImpure(e.to)!);
      }
    }

    // server/push knows no area (areas publish on the bus; the hub does not call them)
    if (under(e.from, "server/push") && e.local && under(e.to, "server/areas")) {
      bad("push imports an area", e);
    }

    // an area reaches another only through its public face; mod.ts (the registry) may import anything
    const a = areaOf(e.from), b = e.local ? areaOf(e.to) : undefined;
    if (a !== undefined && typeof b === "string" && a !== b) {
      const targetRoot = `server/areas/${b}/`;
      const name = e.to.startsWith(targetRoot) ? e.to.slice(targetRoot.length) : "";
      if (e.from === AREA_PUBLIC.registry) allow("registry (server/areas/mod.ts) → areas");
      else if (a === "livestock" && b.startsWith("livestock/")) {
        // the livestock-wide part (the buy home) composes its own sub-areas' panels
        allow("livestock home → its sub-areas");
      } else if (AREA_PUBLIC.files.includes(name) || reExportedByRules.has(`${targetRoot}rules.ts ${e.to}`)) {
        allow("area → another's public face");
      } else if (
        name === "api.ts" && e.names.length && e.names.every((n) => AREA_PUBLIC.apiConstants.test(n))
      ) {
        allow("area → another's public face");
      } else {
        bad(`area ${a ?? "(shared)"} imports ${b} internals`, e, e.specifier);
      }
    }
  }

  // the Deno.*, fetch( and process. grep of server/access (I/O even without an import)
  for (const [path, text] of graph.files) {
    if (!under(path, "server/access")) continue;
    const m = /\b(Deno\.|fetch\(|process\.)/.exec(code(text));
    if (m) violations.push(`access does I/O: ${path} uses ${m[1]}`);
  }

  violations.push(...graph.unparsed.map((u) => `unparsed import: ${u}`));
  return { violations, allowed };
}

// ---------- the tests ----------

describe("the checker (self-check on a made-up graph)", () => {
  const sources = new Map(Object.entries({
    "client/islands/Good.tsx": `import { a } from "../../server/areas/pricing/rules.ts";
import { fmt } from "../../server/pages/format.ts";
import { ERR } from "../../server/http/catalogue.ts";`,
    "client/islands/Bad.tsx": `import {
  svc,
} from "../../server/areas/pricing/service.ts";
const x = await import("../../db/client.ts");`,
    "client/islands/Impure.tsx": `import { b } from "../../server/areas/orders/rules.ts";`,
    "server/areas/pricing/rules.ts": `export * from "./rules/grid.ts";
import { addDays } from "../dates.ts";`,
    "server/areas/pricing/rules/grid.ts": `export const g = 1;`,
    "server/areas/pricing/service.ts": `import { db } from "../../../db/client.ts";
import { x } from "../orders/service.ts";
import { g } from "../livestock/parties/rules/helper.ts";
import { PATHS } from "../users/api.ts";
import { usersApi } from "../users/api.ts";`,
    "server/areas/orders/rules.ts": `import { openDb } from "../../../db/client.ts";`,
    "server/areas/orders/service.ts": `import { grid } from "../pricing/rules/grid.ts";
import type { Page } from "../pricing/pages/Grid.tsx";`,
    "server/areas/livestock/parties/rules.ts": `export { gridText } from "../../pricing/pages/gridText.ts";`,
    "server/areas/pricing/pages/gridText.ts": `export const gridText = 1;`,
    "server/areas/users/service.ts": `import { gridText } from "../pricing/pages/gridText.ts";`,
    "server/areas/livestock/parties/rules/helper.ts": `export const g = 1;`,
    "server/areas/livestock/orders/seed.ts": `import { MOB } from "../enums.ts";
import { seedParties } from "../parties/seed.ts";`,
    "server/areas/users/api.ts": `export const PATHS = {};`,
    "server/areas/dates.ts": `export const addDays = 1;`,
    "server/areas/mod.ts": `import { usersApi } from "./users/api.ts";
import { PAGES } from "./livestock/routes.ts";`,
    "server/areas/context.ts": `import { s } from "./livestock/orders/seed.ts";`,
    "server/access/policy.ts": `import { z } from "zod";
import { r } from "./roles.ts";
// Deno.env in a comment is fine
export const env = Deno.env.get("X");`,
    "server/access/roles.ts": `import { ApiError } from "../http/errors.ts";
const ANY = "/livestock/*"; // a glob in a string is not a comment
export const cwd = Deno.cwd();
/** a doc comment */`,
    "server/push/hub.ts": `import { ordersEvents } from "../areas/orders/events.ts";`,
    "db/seed.ts": `import { hash } from "../server/auth/password.ts";`,
    "db/client.ts": `import { createClient } from "@libsql/client";`,
    "server/pages/format.ts": `export const fmt = 1;`,
    "server/http/catalogue.ts": `export const ERR = 1;`,
  }));
  const graph = buildGraph(sources);
  const { violations, allowed } = checkGraph(graph);

  it("parses multi-line, re-export and dynamic imports", () => {
    expect(graph.edges.find((e) => e.from === "client/islands/Bad.tsx" && e.kind === "import")?.to)
      .toBe("server/areas/pricing/service.ts");
    expect(graph.edges.find((e) => e.kind === "dynamic")?.to).toBe("db/client.ts");
    expect(graph.edges.find((e) => e.kind === "export")?.to).toBe("server/areas/pricing/rules/grid.ts");
    expect(graph.edges.find((e) => e.to === "server/pages/format.ts")?.names).toEqual(["fmt"]);
    expect(graph.unparsed).toEqual([]);
  });

  it("reports exactly the bad edges", () => {
    expect(violations.sort()).toEqual([
      "access does I/O: server/access/policy.ts uses Deno.",
      "access does I/O: server/access/roles.ts uses Deno.",
      "access imports a package: server/access/policy.ts → zod (package) (server/access is pure: its own files only)",
      "access imports server/http: server/access/roles.ts → server/http/errors.ts",
      "area (shared) imports livestock/orders internals: server/areas/context.ts → server/areas/livestock/orders/seed.ts (./livestock/orders/seed.ts)",
      "area livestock/orders imports livestock/parties internals: server/areas/livestock/orders/seed.ts → server/areas/livestock/parties/seed.ts (../parties/seed.ts)",
      "area orders imports pricing internals: server/areas/orders/service.ts → server/areas/pricing/pages/Grid.tsx (../pricing/pages/Grid.tsx)",
      "area pricing imports livestock/parties internals: server/areas/pricing/service.ts → server/areas/livestock/parties/rules/helper.ts (../livestock/parties/rules/helper.ts)",
      "area livestock/parties imports pricing internals: server/areas/livestock/parties/rules.ts → server/areas/pricing/pages/gridText.ts (../../pricing/pages/gridText.ts)",
      "area users imports pricing internals: server/areas/users/service.ts → server/areas/pricing/pages/gridText.ts (../pricing/pages/gridText.ts)",
      "area pricing imports users internals: server/areas/pricing/service.ts → server/areas/users/api.ts (../users/api.ts)",
      "client imports db: client/islands/Bad.tsx → db/client.ts",
      "client imports server: client/islands/Bad.tsx → server/areas/pricing/service.ts (not a shared pure module)",
      "client imports server: client/islands/Impure.tsx → server/areas/orders/rules.ts (not pure: server/areas/orders/rules.ts imports db/client.ts)",
      "db imports server/client: db/seed.ts → server/auth/password.ts",
      "push imports an area: server/push/hub.ts → server/areas/orders/events.ts",
    ].sort());
    expect(allowed).toEqual({
      "client → shared server modules": 3,
      // orders → pricing/rules/grid.ts (re-exported by rules.ts), pricing → orders/service.ts,
      // pricing → users/api.ts PATHS, livestock/orders → livestock/enums.ts
      "area → another's public face": 4,
      "registry (server/areas/mod.ts) → areas": 2,
    });
  });
});

describe("the architecture (ARCHITECTURE.md) of server/, client/, db/", () => {
  const importMap = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")).imports ?? {};
  const graph = buildGraph(readTree(["server", "client", "db", "kernel"]), importMap);

  it("holds: every rule, every edge", () => {
    expect(graph.files.size).toBeGreaterThan(50);
    expect(graph.edges.length).toBeGreaterThan(200);
    // every local import inside the three folders names a file that exists (so none escapes a rule)
    const inTree = (path: string) => /^(server|client|db)\//.test(path);
    expect(
      graph.edges.filter((e) => e.local && inTree(e.to) && !graph.files.has(e.to))
        .map((e) => `${e.from} → ${e.to}`),
    ).toEqual([]);
    const { violations, allowed } = checkGraph(graph);
    console.log(
      `architecture: ${graph.files.size} files, ${graph.edges.length} imports; let through by the allow-lists: ` +
        Object.entries(allowed).map(([rule, n]) => `${rule} ${n}`).join(", "),
    );
    expect(violations, `${violations.length} architecture violations:\n${violations.join("\n")}`).toEqual([]);
  });
});
