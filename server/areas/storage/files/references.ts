/**
 * Full blob references (spec 2 §7.5 `fullBlobReference`), pure. A tenant's blob is named
 * `tenant-<id>/<category>/<folder>[/<folder>…]/<name>` with category `data` (files kept by testers and
 * other screens) or `published` (published reports); a support blob, shared by every tenant, is
 * `support/<folder>[/…]/<name>`. Between the slashes: letters, digits, `-`, `_` (and `.` in the name, not
 * first); no `..`, no leading slash, no empty part. A tenant reference must name the caller's own tenant.
 */

export type TenantCategory = "data" | "published";
export const TENANT_CATEGORIES: readonly TenantCategory[] = ["data", "published"];

export interface TenantReference {
  kind: "tenant";
  tenantId: number;
  category: TenantCategory;
  folder: string;
  name: string;
  /** the key in the blob store: the reference itself */
  key: string;
  /** the key inside the tenant's space (`data/…`), as kept in blob_files */
  local: string;
}

export interface SupportReference {
  kind: "support";
  folder: string;
  name: string;
  key: string;
}

export type ReferenceResult<T> = { ok: true; value: T } | { ok: false; message: string };

const FOLDER_PART = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
const MAX_FOLDER_DEPTH = 3;

const fail = <T>(message: string): ReferenceResult<T> => ({ ok: false, message });

/** Problems every reference shares, in words; null when the shape is sound. */
function shapeProblem(reference: string): string | null {
  if (reference.length === 0) return "Give the file reference.";
  if (reference.length > 300) return "A file reference is at most 300 characters.";
  if (reference.startsWith("/") || reference.startsWith("\\") || /^[A-Za-z]:/.test(reference)) {
    return "A file reference starts with its folder, not with a slash or a drive.";
  }
  const parts = reference.split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..") || reference.includes("..")) {
    return "A file reference cannot contain '..' or empty parts.";
  }
  if (!/^[A-Za-z0-9._/-]+$/.test(reference)) {
    return "A file reference has only letters, digits, '-', '_' and '.' between its slashes.";
  }
  return null;
}

/** Folders and name after the fixed head: 1–3 folder parts and a name. */
function folderAndName(parts: string[]): ReferenceResult<{ folder: string; name: string }> {
  const name = parts.at(-1) ?? "";
  const folders = parts.slice(0, -1);
  if (folders.length === 0) return fail("A file reference names a folder and then the file.");
  if (folders.length > MAX_FOLDER_DEPTH) return fail("A file reference has at most three folders.");
  if (!folders.every((f) => FOLDER_PART.test(f))) {
    return fail("A folder name starts with a letter or digit and has no dots.");
  }
  if (!NAME.test(name)) return fail("A file name starts with a letter or digit (at most 120 characters).");
  if (!name.includes(".")) return fail("A file name ends with its type, such as .pdf or .csv.");
  return { ok: true, value: { folder: folders.join("/"), name } };
}

/** A tenant reference of the caller's own tenant, or the reason it is refused. */
export function parseTenantReference(reference: string, tenantId: number): ReferenceResult<TenantReference> {
  const problem = shapeProblem(reference);
  if (problem) return fail(problem);
  const [head, category, ...rest] = reference.split("/");
  const tenant = /^tenant-([1-9][0-9]{0,9})$/.exec(head);
  if (!tenant) return fail(`A file reference starts with tenant-${tenantId}/ (your organisation).`);
  if (Number(tenant[1]) !== tenantId) {
    return fail(`That file is another organisation's: your files start with tenant-${tenantId}/.`);
  }
  if (!TENANT_CATEGORIES.includes(category as TenantCategory)) {
    return fail(`After tenant-${tenantId}/ comes data/ or published/.`);
  }
  const tail = folderAndName(rest);
  if (!tail.ok) return tail;
  return {
    ok: true,
    value: {
      kind: "tenant",
      tenantId,
      category: category as TenantCategory,
      ...tail.value,
      key: reference,
      local: reference.slice(head.length + 1),
    },
  };
}

export function parseSupportReference(reference: string): ReferenceResult<SupportReference> {
  const problem = shapeProblem(reference);
  if (problem) return fail(problem);
  const [head, ...rest] = reference.split("/");
  if (head !== "support") return fail("A support file reference starts with support/.");
  const tail = folderAndName(rest);
  if (!tail.ok) return tail;
  return { ok: true, value: { kind: "support", ...tail.value, key: reference } };
}

/** A folder prefix to list (GetBlobsForFolder): the tenant's or support's, ending in `/`; null = refused. */
export function tenantPrefix(prefix: string, tenantId: number): ReferenceResult<string> {
  const trimmed = prefix.replace(/\/+$/, "");
  const own = `tenant-${tenantId}`;
  if (trimmed === "" || trimmed === own) return { ok: true, value: `${own}/` };
  const problem = shapeProblem(trimmed);
  if (problem) return fail(problem);
  const [head, category, ...folders] = trimmed.split("/");
  if (head !== own) return fail(`Your files start with ${own}/: another organisation's cannot be listed.`);
  if (!TENANT_CATEGORIES.includes(category as TenantCategory)) {
    return fail(`After ${own}/ comes data/ or published/.`);
  }
  if (!folders.every((f) => FOLDER_PART.test(f)) || folders.length > MAX_FOLDER_DEPTH) {
    return fail("A folder name starts with a letter or digit and has no dots.");
  }
  return { ok: true, value: `${trimmed}/` };
}

export function supportPrefix(prefix: string): ReferenceResult<string> {
  const trimmed = prefix.replace(/\/+$/, "");
  if (trimmed === "" || trimmed === "support") return { ok: true, value: "support/" };
  const problem = shapeProblem(trimmed);
  if (problem) return fail(problem);
  const [head, ...folders] = trimmed.split("/");
  if (head !== "support") return fail("Support files start with support/.");
  if (!folders.every((f) => FOLDER_PART.test(f)) || folders.length > MAX_FOLDER_DEPTH) {
    return fail("A folder name starts with a letter or digit and has no dots.");
  }
  return { ok: true, value: `${trimmed}/` };
}

/** A folder the screen offers (one to three parts); null when the text is not one. */
export function isFolder(folder: string): boolean {
  const parts = folder.split("/");
  return parts.length <= MAX_FOLDER_DEPTH && parts.every((p) => FOLDER_PART.test(p));
}
