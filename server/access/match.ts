/**
 * Path matching for the route table: TanStack-style patterns (`$id` param,
 * `{-$id}` optional param), literal segments compared case-insensitively.
 * Kept separate so the table stays pure data and the policy stays short.
 */
type Segment =
  | { kind: "static"; value: string }
  | { kind: "param"; name: string; optional: boolean };

const OPTIONAL_PARAM = /^\{-\$([A-Za-z_][\w]*)\}$/;

export function parsePattern(path: string): Segment[] {
  return path.split("/").filter(Boolean).map((seg): Segment => {
    const optional = OPTIONAL_PARAM.exec(seg);
    if (optional) return { kind: "param", name: optional[1], optional: true };
    if (seg.startsWith("$")) return { kind: "param", name: seg.slice(1), optional: false };
    return { kind: "static", value: seg.toLowerCase() };
  });
}

function decode(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg; // malformed escapes are kept as typed rather than failing the whole request
  }
}

/** Path segments of a URL path (query and hash dropped, empty segments ignored, decoded). */
export function splitPathname(pathname: string): string[] {
  const bare = pathname.split(/[?#]/, 1)[0];
  return bare.split("/").filter(Boolean).map(decode);
}

export interface PatternMatch {
  params: Record<string, string>;
  /** Per matched pattern segment: 2 literal, 1 param. Higher wins, compared left to right. */
  rank: number[];
}

/** Matches path segments against a pattern, trying optional params both present and absent. */
export function matchPattern(pattern: Segment[], parts: string[]): PatternMatch | null {
  const walk = (
    i: number,
    j: number,
    params: Record<string, string>,
    rank: number[],
  ): PatternMatch | null => {
    if (i === pattern.length) return j === parts.length ? { params, rank } : null;
    const seg = pattern[i];
    if (seg.kind === "static") {
      if (j >= parts.length || parts[j].toLowerCase() !== seg.value) return null;
      return walk(i + 1, j + 1, params, [...rank, 2]);
    }
    if (j < parts.length) {
      const taken = walk(i + 1, j + 1, { ...params, [seg.name]: parts[j] }, [...rank, 1]);
      if (taken) return taken;
    }
    return seg.optional ? walk(i + 1, j, params, rank) : null;
  };
  return walk(0, 0, {}, []);
}

/** True when rank a is more specific than rank b (literal beats param at the first difference). */
export function moreSpecific(a: number[], b: number[]): boolean {
  for (let k = 0; k < Math.min(a.length, b.length); k++) {
    if (a[k] !== b[k]) return a[k] > b[k];
  }
  return a.length > b.length;
}

/** Fills `$name` / `{-$name}` segments of a target path; missing optional params are dropped. */
export function fillParams(template: string, params: Record<string, string>): string {
  const filled = template.split("/").map((seg) => {
    const optional = OPTIONAL_PARAM.exec(seg);
    if (optional) return params[optional[1]] !== undefined ? encodeURIComponent(params[optional[1]]) : null;
    if (seg.startsWith("$")) return encodeURIComponent(params[seg.slice(1)] ?? "");
    return seg;
  }).filter((seg): seg is string => seg !== null);
  return filled.join("/") || "/";
}
