/**
 * The folder rules of ARCHITECTURE.md over the import graph (graph.ts): what the browser, the database
 * code, the access policy, the push hub and each area may import, and the arrows that must not come
 * back (the registry, the page shell and the app's start name no area's internals). A failure lists the
 * offending edges; the edges an allow-list lets through are only counted.
 */
import { posix } from "node:path";
import { areaOf, code, type Edge, type Graph } from "./graph.ts";

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
  files: [
    "service.ts",
    "queries.ts",
    "commands.ts",
    "rules.ts",
    "enums.ts",
    "schemas.ts",
    "forms.ts",
    // the screen pieces another area's screen shows as they are (the testing home's interchange cards)
    "panels.tsx",
  ],
  /**
   * the area kit's shape (issue 37): its operations (operations.ts, or one module each in operations/),
   * its shared reads (queries/), and the writes of its tables that other areas call (writes.ts)
   */
  kitFiles: ["operations.ts", "writes.ts"],
  kitFolders: ["operations/", "queries/"],
  /** api.ts only for its path constants (an UPPER_CASE name), never its routers or handlers */
  apiConstants: /^[A-Z][A-Z0-9_]*$/,
  /** the registry wires every area's api and routes together */
  registry: "server/areas/mod.ts",
};

/** The app's start and the page shell: they import the registry and the kit, never an area's files. */
const STARTS_AND_SHELL = ["server/app.ts", "server/main.ts", "server/services.ts", "server/pages"];

export interface Result {
  violations: string[];
  /** edges across a boundary that an allow-list let through, by rule */
  allowed: Record<string, number>;
}

export function checkGraph(graph: Graph): Result {
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

    // the arrows that must not come back (issue 37): env.ts knows no area at all; the app's start and
    // the page shell reach the areas only through the registry and the shared kit; the registry names
    // each area by its record (mod.ts), never its insides
    if (e.local && e.from === "server/env.ts" && under(e.to, "server/areas")) bad("env imports an area", e);
    if (e.local && STARTS_AND_SHELL.some((s) => e.from === s || under(e.from, s)) && areaOf(e.to)) {
      bad(`${e.from.startsWith("server/pages/") ? "the page shell" : e.from} imports an area`, e);
    }
    if (
      e.local && e.from === AREA_PUBLIC.registry && areaOf(e.to) &&
      e.to !== `server/areas/${areaOf(e.to)}/mod.ts`
    ) {
      bad("the registry imports an area's insides", e, "only each area's mod.ts");
    }

    // an area reaches another only through its public face; mod.ts (the registry) may import anything
    const a = areaOf(e.from), b = e.local ? areaOf(e.to) : undefined;
    if (a !== undefined && typeof b === "string" && a !== b) {
      const targetRoot = `server/areas/${b}/`;
      // a sub-area (a folder with a mod.ts of its own, as storage/publishing) has a public face of its own
      const inArea = e.to.startsWith(targetRoot) ? e.to.slice(targetRoot.length) : "";
      const sub = inArea.split("/")[0];
      const name = inArea.includes("/") && graph.files.has(`${targetRoot}${sub}/mod.ts`)
        ? inArea.slice(sub.length + 1)
        : inArea;
      if (e.from === AREA_PUBLIC.registry) allow("registry (server/areas/mod.ts) → areas");
      else if (a === "livestock" && b.startsWith("livestock/")) {
        // the livestock-wide part (the buy home) composes its own sub-areas' panels
        allow("livestock home → its sub-areas");
      } else if (
        [...AREA_PUBLIC.files, ...AREA_PUBLIC.kitFiles].includes(name) ||
        AREA_PUBLIC.kitFolders.some((f) => name.startsWith(f) && !name.slice(f.length).includes("/")) ||
        reExportedByRules.has(`${targetRoot}rules.ts ${e.to}`)
      ) {
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
