/**
 * The display carousel (spec 1 §2 /display, spec 3 §2.4): each display user (a TV signed in as one) has
 * a rotation of screens kept in its displayUserSettings user setting. An admin chooses it for any display
 * user of the tenant; a display user may change its own. The screens' data: today's kill agenda of a
 * species with each lot's progress, and a live yard.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { memberships, users } from "../../../db/control/schema.ts";
import { carcasses } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { canSeeRouteNamed } from "../../access/policy.ts";
import { isAdminUser } from "../../access/roles.ts";
import { userSettingValue } from "../../access/flags.ts";
import type { AreaContext } from "../context.ts";
import { comingDays, documentDays } from "../killAgenda/queries.ts";
import { groupsOf } from "../killAgenda/boardRules.ts";
import { yards as stockyards, yardView } from "../stockyard/queries.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { type DisplayScreen, rotationOf, screenKey, screenPath, SECONDS } from "../../../display/rotation.ts";
import { saveUserSetting, userSettingOf } from "../users/operations/userSettings.ts";
import type { SaveDisplayBody } from "./schemas.ts";
import type { AgendaTv, LotProgress } from "../../../display/screens/model.ts";
import { yieldTvChoices } from "../yield/reports/operations/tv.ts";

export const SETTING = "displayUserSettings";

type Choice = { key: string; label: string; screen: DisplayScreen; path: string };

/** The screens this caller's TV could show, with their names. */
export async function screenChoices(ctx: AreaContext): Promise<Choice[]> {
  const subject = ctx.caller.subject;
  const out: Choice[] = [];
  if (canSeeRouteNamed(subject, "displayKillagendaReport")) {
    for (const s of ctx.scope.species) {
      const screen: DisplayScreen = { kind: "killagendareport", species: s.name, seconds: SECONDS.default };
      out.push({
        key: screenKey(screen),
        label: `Kill agenda: ${s.name}`,
        screen,
        path: screenPath(screen),
      });
    }
  }
  if (canSeeRouteNamed(subject, "displayStockyard")) {
    // the busiest yard first: the default rotation shows the first
    const yards = (await stockyards(ctx)).sort((a, b) => b.head - a.head);
    for (const y of yards) {
      const screen: DisplayScreen = { kind: "stockyard", stockyardId: y.id, seconds: SECONDS.default };
      const site = ctx.scope.sites.length > 1
        ? ` (${ctx.scope.sites.find((s) => s.id === y.tenantSiteId)?.name ?? ""})`
        : "";
      out.push({
        key: screenKey(screen),
        label: `Stockyard: ${y.name}${site}`,
        screen,
        path: screenPath(screen),
      });
    }
  }
  // the yield screens: the rotating carcass views and the shared yield reports
  for (const c of await yieldTvChoices(ctx)) {
    out.push({ key: screenKey(c.screen), label: c.label, screen: c.screen, path: screenPath(c.screen) });
  }
  return out;
}

/** The caller's own rotation as it runs (the default when nothing is configured). */
export async function rotation(ctx: AreaContext) {
  const choices = await screenChoices(ctx);
  const stored = userSettingValue(ctx.caller.subject, SETTING);
  const screens = rotationOf(stored, choices.map((c) => c.key), defaultRotation(choices));
  const label = (s: DisplayScreen) => choices.find((c) => c.key === screenKey(s))?.label ?? "";
  return { screens: screens.map((s) => ({ path: screenPath(s), seconds: s.seconds, label: label(s) })) };
}

/** The display users of the tenant an admin may configure (a display user: itself). */
export async function displayUsers(ctx: AreaContext) {
  const rows = await members(ctx, eq(memberships.roleLevel, "display"));
  return rows.filter((r) => mayConfigure(ctx, r.id)).map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    email: r.email,
  }));
}

export async function displaySettings(ctx: AreaContext, userId?: number) {
  const target = await targetOf(ctx, userId);
  const choices = await screenChoices(ctx);
  const stored = await userSettingOf(ctx, target.id, SETTING);
  return {
    userId: target.id,
    userName: target.name,
    screens: rotationOf(stored, choices.map((c) => c.key), defaultRotation(choices)),
    isConfigured: stored !== undefined,
    choices,
  };
}

/** Saves the ticked choices in the form's order; at least one screen. */
export async function saveDisplaySettings(ctx: AreaContext, body: SaveDisplayBody) {
  const target = await targetOf(ctx, body.userId);
  const choices = await screenChoices(ctx);
  const screens: DisplayScreen[] = [];
  const problems: { field: string; message: string }[] = [];
  body.choices.forEach((c, i) => {
    const choice = choices.find((x) => x.key === c.key);
    if (!choice) {
      problems.push({ field: `choices.${i}.key`, message: "That screen is not one you can show." });
    } else if (c.on) screens.push({ ...choice.screen, seconds: c.seconds ?? SECONDS.default });
  });
  if (!problems.length && !screens.length) {
    problems.push({ field: "choices", message: "Tick at least one screen to show." });
  }
  if (problems.length) throw ApiError.validation(problems);
  // the display user's own setting: the users area keeps it
  await saveUserSetting(ctx, target.id, SETTING, { screens });
  return await displaySettings(ctx, target.id);
}

/** Today's kill agenda of a species as the TV shows it: lots in kill order with their progress. */
export async function agendaTv(ctx: AreaContext, speciesName: string): Promise<AgendaTv> {
  const species = ctx.scope.species.find((s) => s.name.toLowerCase() === speciesName.toLowerCase());
  if (!species) throw ApiError.notFound(`${speciesName} is not one of your species.`);
  const [day] = await documentDays(ctx, { speciesId: species.id }, false);
  const mobIds = day.items.flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
  const killed = new Map<number, number>();
  if (mobIds.length) {
    const rows = await ctx.db.select({ mobId: carcasses.stockMobId, n: sql<number>`count(*)` })
      .from(carcasses).where(inArray(carcasses.stockMobId, mobIds)).groupBy(carcasses.stockMobId);
    for (const r of rows) killed.set(r.mobId, r.n);
  }
  // a boxed lot (several orders killed as one) is one line: its orders' head and kills summed
  const lots: LotProgress[] = groupsOf(day.items, (i) => i.boxedLotRef).map((group) => {
    const [first] = group;
    const head = group.reduce((n, i) => n + i.numberOfHead, 0);
    // the kill floor may record a lot's carcasses against any of its mobs: count them for the whole lot
    const done = group.reduce((n, i) => n + (i.stockMobId ? killed.get(i.stockMobId) ?? 0 : 0), 0);
    // only what the kill floor has: a lot still in pens (ready, or going) waits, as the agenda says
    const onFloor = group.some((i) => i.mobStatusNumber === MOB_STATUS.AtKillFloor);
    const isDone = done >= head && head > 0;
    return {
      order: first.killAgendaOrderNumber,
      lot: first.boxedLotRef ?? `${first.agendaLotReference}${first.agendaLotReferenceSuffix}`,
      supplier: [...new Set(group.map((i) => i.supplierName))].join(" + "),
      head,
      killed: Math.min(done, head),
      state: isDone ? "done" : done > 0 || onFloor ? "floor" : "waiting",
      status: isDone ? "Done" : first.status,
    };
  });
  // a day with nothing to kill (a weekend, a public holiday) says when the next kill is
  const key = { date: day.productionDate, speciesId: species.id, siteId: day.tenantSiteId };
  const next = lots.length ? null : (await comingDays(ctx, key)).find((d) => d.lots > 0) ?? null;
  return {
    species: species.name,
    date: day.productionDate,
    site: day.siteName,
    siteId: day.tenantSiteId,
    lots,
    head: day.totals.head,
    killed: lots.reduce((n, l) => n + l.killed, 0),
    target: day.totals.target,
    next: next && { date: next.date, head: next.head, lots: next.lots },
  };
}

export async function yardTv(ctx: AreaContext, stockyardId?: number) {
  return await yardView(ctx, stockyardId);
}

/** An admin may configure any display user of the tenant; a display user only itself. */
function mayConfigure(ctx: AreaContext, userId: number): boolean {
  const role = ctx.caller.subject.roleLevel;
  return isAdminUser(role) || (role === "display" && ctx.caller.user.id === userId);
}

async function targetOf(ctx: AreaContext, userId?: number) {
  const id = userId ?? ctx.caller.user.id;
  if (!mayConfigure(ctx, id)) {
    throw ApiError.forbidden("Only an admin or the display itself may set its screens.");
  }
  const [row] = await members(ctx, eq(memberships.userId, id));
  if (!row || row.roleLevel !== "display") throw ApiError.notFound("That is not a display user of yours.");
  return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() || row.email };
}

/** The tenant's members matching `where`, with their role. */
function members(ctx: AreaContext, where: SQL) {
  return ctx.app.db.control.select({
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    roleLevel: memberships.roleLevel,
  }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), where));
}

/** Until configured: every kill agenda the TV may show, then the busiest yard, 20 s each. */
export function defaultRotation(choices: { screen: DisplayScreen }[]): DisplayScreen[] {
  const agendas = choices.filter((c) => c.screen.kind === "killagendareport").map((c) => c.screen);
  const yard = choices.find((c) => c.screen.kind === "stockyard")?.screen;
  return [...agendas, ...(yard ? [yard] : [])];
}
