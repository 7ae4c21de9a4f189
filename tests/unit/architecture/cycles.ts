/**
 * Import circles. A circle inside one folder is a file split in two; a circle through two folders ties
 * them into one piece that can be neither read nor changed apart (issue 37: 234 files were one circle
 * through env.ts). The folders: an area (server/areas/<area>/ with its sub-folders; livestock's
 * sub-areas each their own), the shared kit files directly in server/areas/, and elsewhere the first two
 * levels of the path (server/pages, server/http, client/islands, db/control, reports/invoices …; files
 * directly in server/ or kernel/ are the folder "server" or "kernel").
 */
import { posix } from "node:path";
import { areaOf, type Graph } from "./graph.ts";

export function folderOf(path: string): string {
  const area = areaOf(path);
  if (area) return `server/areas/${area}`;
  const dir = posix.dirname(path).split("/");
  return dir.slice(0, 2).join("/");
}

/** The strongly connected components (Tarjan) of the local edges, type-only imports included. */
export function stronglyConnected(graph: Graph): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of graph.edges) {
    if (!e.local || !graph.files.has(e.to)) continue;
    next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  }
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  // iterative, so a long chain of imports cannot overflow the call stack
  for (const root of graph.files.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; rest: string[] }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, rest: [...(next.get(node) ?? [])] });
    };
    open(root);
    while (work.length) {
      const top = work[work.length - 1];
      const child = top.rest.shift();
      if (child !== undefined) {
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components;
}

/**
 * Every circle wider than one folder, in words: its folders, and the edges inside the component that
 * cross from one folder to another (where to cut).
 */
export function crossFolderCycles(graph: Graph): string[] {
  const out: string[] = [];
  for (const component of stronglyConnected(graph)) {
    const folders = [...new Set(component.map(folderOf))].sort();
    if (folders.length < 2) continue;
    const members = new Set(component);
    const crossing = graph.edges
      .filter((e) => members.has(e.from) && members.has(e.to) && folderOf(e.from) !== folderOf(e.to))
      .map((e) => `${e.from} → ${e.to}${e.typeOnly ? " (type)" : ""}`);
    out.push(
      `import circle of ${component.length} files through ${folders.join(", ")}; crossing edges:\n    ` +
        [...new Set(crossing)].sort().join("\n    "),
    );
  }
  return out;
}

/** The circles inside one folder (reported, not failed: a cheap split when the folder is touched). */
export function inFolderCycles(graph: Graph): string[][] {
  return stronglyConnected(graph).filter((c) => new Set(c.map(folderOf)).size === 1);
}
