/**
 * What an opened producer link keeps to itself (see ../door.ts): the processor's database and tenant, and
 * the read log every read through the link writes to producer_link_reads. Only the door's files import it.
 */
import { and, type Column, gte, inArray, type SQL } from "drizzle-orm";
import type { TenantDb } from "../../../../db/client.ts";
import { type LinkScope, producerLinkReads } from "../../../../db/control/producerLinks.ts";
import type { AreaContext } from "../../context.ts";

/** A link the caller may read through: what it shows, and (kept inside this module) whose database. */
export interface OpenLink {
  readonly id: number;
  readonly processorName: string;
  readonly supplierIds: readonly number[];
  readonly scopes: readonly LinkScope[];
  readonly visibleFrom: string;
}

const processorDbs = new WeakMap<OpenLink, TenantDb>();
/** whose stored files (published remittances) a link reads, kept inside this module like the database */
const processorTenants = new WeakMap<OpenLink, number>();

/** Keeps an opened link's processor database and tenant (openLink, once it has checked the link). */
export function keepOpen(link: OpenLink, db: TenantDb, processorTenantId: number) {
  processorDbs.set(link, db);
  processorTenants.set(link, processorTenantId);
}

/** The processor tenant of an opened link (its stored files). */
export const processorTenantOf = (link: OpenLink) => processorTenants.get(link)!;

/** Reads the processor's database through an opened link and writes the read to the link's read log. */
export async function readThrough<T>(
  ctx: AreaContext,
  link: OpenLink,
  what: string,
  read: (db: TenantDb) => Promise<T>,
) {
  const db = processorDbs.get(link);
  if (!db) throw new Error("A producer link must be opened by openLink before it is read.");
  const answer = await read(db);
  await ctx.app.db.control.insert(producerLinkReads).values({
    linkId: link.id,
    userId: ctx.caller.user.id,
    what,
  });
  return answer;
}

/** The rows of the link's suppliers from its visible-from day: the filter every read starts from. */
export const linkedFrom = (link: OpenLink, supplierId: Column, day: Column): SQL | undefined =>
  and(inArray(supplierId, [...link.supplierIds]), gte(day, link.visibleFrom));

/** A page of a link's rows: `offset` from the newest, at most `limit`, and how many there are in all. */
export interface LinkPage<T> {
  rows: T[];
  total: number;
}
export type PageAsked = { offset: number; limit: number };

/** Answers the asked page of a link's rows: how many there are in all, then the page of them. */
export async function pageOf<T>(
  all: PromiseLike<{ total: number }[]>,
  rows: { limit(n: number): { offset(n: number): PromiseLike<T[]> } },
  asked: PageAsked,
): Promise<LinkPage<T>> {
  const [{ total }] = await all;
  return { rows: await rows.limit(asked.limit).offset(asked.offset), total };
}
