/**
 * Support content and release notes (spec 2 §3 "Support content", §9: settingTypeId 1 Support, 2
 * Releases): sections with a title, a body and when they were last changed. The product's help is the
 * same for every organisation, so it lives in the control database; everyone signed in reads it
 * (/support/content/{sectionKey}), super users write it (Settings › Support content, Release notes).
 */
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { supportSections } from "../../../../db/control/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { displayName } from "../../audit.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { sectionKeyOf, SUPPORT_TYPES, type SupportTypeId } from "../rules.ts";
import type { SupportSectionBody } from "../schemas.ts";

/** The most sections of one kind (help or release notes) a list shows. */
export const MAX_SECTIONS = 200;

/** The sections of a kind: help in its order, release notes newest first. */
export async function supportContent(ctx: AreaContext, settingTypeId: SupportTypeId) {
  const order = settingTypeId === SUPPORT_TYPES.releases
    ? [desc(supportSections.sortOrder), desc(supportSections.lastModifiedUtc)]
    : [asc(supportSections.sortOrder), asc(supportSections.title)];
  const sections = await ctx.app.db.control.select().from(supportSections)
    .where(eq(supportSections.settingTypeId, settingTypeId)).orderBy(...order).limit(MAX_SECTIONS);
  const lastModifiedUtc = sections.map((s) => s.lastModifiedUtc).sort().at(-1) ?? null;
  return { settingTypeId, sections, lastModifiedUtc };
}

export async function supportSection(ctx: AreaContext, sectionKey: string) {
  const [row] = await ctx.app.db.control.select().from(supportSections)
    .where(eq(supportSections.sectionKey, sectionKey));
  if (!row) throw ApiError.notFound("There is no help section at that address.");
  return row;
}

export async function saveSupportSection(ctx: AreaContext, input: In<typeof SupportSectionBody>) {
  const sectionKey = input.sectionKey || sectionKeyOf(input.title);
  const [clash] = await ctx.app.db.control.select({ id: supportSections.id }).from(supportSections).where(
    input.id === undefined
      ? eq(supportSections.sectionKey, sectionKey)
      : and(eq(supportSections.sectionKey, sectionKey), ne(supportSections.id, input.id)),
  );
  if (clash) {
    throw ApiError.validation([{
      field: "sectionKey",
      message: "Another section already has that address: choose another.",
    }]);
  }
  const values = {
    settingTypeId: input.settingTypeId,
    sectionKey,
    title: input.title,
    body: input.body,
    sortOrder: input.sortOrder,
    modifiedBy: displayName(ctx.caller),
  };
  if (input.id === undefined) {
    const [made] = await ctx.app.db.control.insert(supportSections)
      .values({ ...values, lastModifiedUtc: nextModified() }).returning();
    return made;
  }
  const [before] = await ctx.app.db.control.select().from(supportSections).where(
    eq(supportSections.id, input.id),
  );
  if (!before) throw ApiError.notFound("That section does not exist.");
  assertUnchanged({ lastModified: before.lastModifiedUtc }, input.lastModifiedUtc, "section");
  const [saved] = await ctx.app.db.control.update(supportSections)
    .set({ ...values, lastModifiedUtc: nextModified(before.lastModifiedUtc) })
    .where(eq(supportSections.id, input.id)).returning();
  return saved;
}

export async function removeSupportSection(ctx: AreaContext, id: number) {
  const [gone] = await ctx.app.db.control.delete(supportSections).where(eq(supportSections.id, id))
    .returning();
  if (!gone) throw ApiError.notFound("That section does not exist.");
  return { id };
}
