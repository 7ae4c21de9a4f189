/**
 * API paths are matched case-insensitively, as the existing ASP.NET-style clients expect
 * (`/api/User/GetDetailedUser` and `/api/user/getdetaileduser` are the same endpoint). Routes are
 * registered with their documented spelling; `canonical()` rewrites an incoming path to that spelling
 * before routing, and `allowedMethods()` tells a wrong method (405) from an unknown path (404).
 */
/** Path prefixes of the JSON API (spec 1 §7: the API base is the site root). */
export const API_PREFIXES = ["/login", "/register", "/api", "/hubs"];

export function isApiPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return API_PREFIXES.some((p) => lower === p || lower.startsWith(p + "/"));
}

interface Pattern {
  segments: string[]; // documented spelling; ":name" for a parameter
  methods: Set<string>;
}

export class PathRegistry {
  #patterns = new Map<string, Pattern>();
  #static = new Map<string, string>(); // lower-case path -> documented path

  /** Records the routes of the API routers (middleware entries are skipped). */
  load(routes: { method: string; path: string }[]) {
    for (const { method, path } of routes) {
      if (method === "ALL" || path.includes("*") || !isApiPath(path)) continue;
      let pattern = this.#patterns.get(path);
      if (!pattern) {
        pattern = { segments: path.split("/"), methods: new Set() };
        this.#patterns.set(path, pattern);
        if (!path.includes(":")) this.#static.set(path.toLowerCase(), path);
      }
      pattern.methods.add(method);
    }
  }

  canonical(pathname: string): string {
    if (!isApiPath(pathname)) return pathname;
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const exact = this.#static.get(trimmed.toLowerCase());
    if (exact) return exact;
    const match = this.#match(trimmed);
    return match ? rebuild(match.segments, trimmed.split("/")) : pathname;
  }

  allowedMethods(pathname: string): string[] {
    const match = this.#static.has(pathname.toLowerCase())
      ? this.#patterns.get(this.#static.get(pathname.toLowerCase())!)
      : this.#match(pathname);
    return match ? [...match.methods] : [];
  }

  #match(pathname: string): Pattern | undefined {
    const parts = pathname.split("/");
    for (const pattern of this.#patterns.values()) {
      if (pattern.segments.length !== parts.length) continue;
      if (pattern.segments.every((s, i) => s.startsWith(":") || s.toLowerCase() === parts[i].toLowerCase())) {
        return pattern;
      }
    }
    return undefined;
  }
}

function rebuild(pattern: string[], actual: string[]) {
  return pattern.map((s, i) => (s.startsWith(":") ? actual[i] : s)).join("/");
}
