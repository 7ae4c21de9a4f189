/** The support desk's pure rules: the order of reports across organisations, and a support file's parts. */

export type ReportRow<T> = T & {
  tenantName: string;
  id: number;
  createdAt: string;
  handledAt: string | null;
};

/** Open first, then newest first; the same moment: by organisation, then the later report first. */
export function compareReports(a: ReportRow<unknown>, b: ReportRow<unknown>): number {
  return Number(a.handledAt !== null) - Number(b.handledAt !== null) ||
    (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
    a.tenantName.localeCompare(b.tenantName) ||
    b.id - a.id;
}

/** The organisations' lists (each already in this order) as one. */
export function mergeReports<T>(lists: ReportRow<T>[][]): ReportRow<T>[] {
  return lists.flat().sort(compareReports);
}

export interface SupportFile {
  /** support/<folder>/<name> */
  reference: string;
  folder: string;
  name: string;
  size: number;
  lastModified: string;
}

/** A stored key under support/ as the screen lists it. */
export function supportFileOf(key: string, size: number, lastModified: string): SupportFile {
  const slash = key.lastIndexOf("/");
  return {
    reference: key,
    folder: key.slice("support/".length, Math.max(slash, "support/".length)),
    name: key.slice(slash + 1),
    size,
    lastModified,
  };
}

/**
 * The address a help-content author pastes to link a support file: the download call with the file's
 * reference, relative to the app (it works at whatever address the app is served); the slashes stay
 * readable (a query may hold them).
 */
export const supportFileLink = (downloadPath: string, reference: string) =>
  `${downloadPath}?fullBlobReference=${encodeURIComponent(reference).replaceAll("%2F", "/")}`;
