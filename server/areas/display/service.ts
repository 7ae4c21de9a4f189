/**
 * The display carousel (spec 1 §2 /display, spec 3 §2.4): each display user (a TV signed in as one) has
 * a rotation of screens kept in its displayUserSettings user setting. An admin chooses it for any display
 * user of the tenant; a display user may change its own. The screens' data: today's kill agenda of a
 * species with each lot's progress, and a live yard.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { memberships, users, userSettings } from "../../../db/control/schema.ts";
import { carcasses } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { canSeeRouteNamed } from "../../access/policy.ts";
import { isAdminUser } from "../../access/roles.ts";
import { userSettingValue } from "../../access/flags.ts";
import type { AreaContext } from "../context.ts";
import { KillAgendaQueries } from "../killAgenda/queries.ts";
import { StockyardQueries } from "../stockyard/queries.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { type DisplayScreen, rotationOf, screenKey, screenPath, SECONDS } from "../../../display/rotation.ts";
import type { SaveDisplayBody } from "./schemas.ts";
import type { AgendaTv, LotProgress } from "../../../display/screens/model.ts";

export const SETTING = "displayUserSettings";

export class DisplayService {
  /** Access is checked by the route rules before a service is made. */
  constructor(private readonly ctx: AreaContext) {}

  /** The screens this caller's TV could show, with their names. */
  async choices(): Promise<{ key: string; label: string; screen: DisplayScreen; path: string }[]> {
    const subject = this.ctx.caller.subject;
    const out: { key: string; label: string; screen: DisplayScreen; path: string }[] = [];
    if (canSeeRouteNamed(subject, "displayKillagendaReport")) {
      for (const s of this.ctx.caller.species) {
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
      const yards = (await new StockyardQueries(this.ctx).yards()).sort((a, b) => b.head - a.head);
      for (const y of yards) {
        const screen: DisplayScreen = { kind: "stockyard", stockyardId: y.id, seconds: SECONDS.default };
        const site = this.ctx.caller.sites.length > 1
          ? ` (${this.ctx.caller.sites.find((s) => s.id === y.tenantSiteId)?.name ?? ""})`
          : "";
        out.push({
          key: screenKey(screen),
          label: `Stockyard: ${y.name}${site}`,
          screen,
          path: screenPath(screen),
        });
      }
    }
    return out;
  }

  /** The caller's own rotation as it runs (the default when nothing is configured). */
  async rotation() {
    const choices = await this.choices();
    const stored = userSettingValue(this.ctx.caller.subject, SETTING);
    const screens = rotationOf(stored, choices.map((c) => c.key), defaultRotation(choices));
    const label = (s: DisplayScreen) => choices.find((c) => c.key === screenKey(s))?.label ?? "";
    return { screens: screens.map((s) => ({ path: screenPath(s), seconds: s.seconds, label: label(s) })) };
  }

  /** The display users of the tenant an admin may configure (a display user: itself). */
  async displayUsers() {
    const rows = await this.#members(eq(memberships.roleLevel, "display"));
    return rows.filter((r) => this.#mayConfigure(r.id)).map((r) => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim() || r.email,
      email: r.email,
    }));
  }

  async settings(userId?: number) {
    const target = await this.#target(userId);
    const choices = await this.choices();
    const stored = await this.#stored(target.id);
    return {
      userId: target.id,
      userName: target.name,
      screens: rotationOf(stored, choices.map((c) => c.key), defaultRotation(choices)),
      isConfigured: stored !== undefined,
      choices,
    };
  }

  /** Saves the ticked choices in the form's order; at least one screen. */
  async save(body: SaveDisplayBody) {
    const target = await this.#target(body.userId);
    const choices = await this.choices();
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
    const value = { screens };
    await this.ctx.app.db.control.insert(userSettings)
      .values({ userId: target.id, tenantId: this.ctx.tenantId, settingType: SETTING, value })
      .onConflictDoUpdate({
        target: [userSettings.userId, userSettings.tenantId, userSettings.settingType],
        set: { value },
      });
    await this.ctx.app.callers.changed({ userIds: [target.id] });
    return await this.settings(target.id);
  }

  /** Today's kill agenda of a species as the TV shows it: lots in kill order with their progress. */
  async agenda(speciesName: string): Promise<AgendaTv> {
    const species = this.ctx.caller.species.find((s) => s.name.toLowerCase() === speciesName.toLowerCase());
    if (!species) throw ApiError.notFound(`${speciesName} is not one of your species.`);
    const [day] = await new KillAgendaQueries(this.ctx).documentDays({ speciesId: species.id }, false);
    const mobIds = day.items.flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
    const killed = new Map<number, number>();
    if (mobIds.length) {
      const rows = await this.ctx.db.select({ mobId: carcasses.stockMobId, n: sql<number>`count(*)` })
        .from(carcasses).where(inArray(carcasses.stockMobId, mobIds)).groupBy(carcasses.stockMobId);
      for (const r of rows) killed.set(r.mobId, r.n);
    }
    const lots: LotProgress[] = day.items.map((i) => {
      const done = i.stockMobId ? killed.get(i.stockMobId) ?? 0 : 0;
      // only what the kill floor has: a lot still in pens (ready, or going) waits, as the agenda says
      const onFloor = i.mobStatusNumber === MOB_STATUS.AtKillFloor;
      const isDone = done >= i.numberOfHead && i.numberOfHead > 0;
      return {
        order: i.killAgendaOrderNumber,
        lot: `${i.agendaLotReference}${i.agendaLotReferenceSuffix}`,
        supplier: i.supplierName,
        head: i.numberOfHead,
        killed: Math.min(done, i.numberOfHead),
        state: isDone ? "done" : done > 0 || onFloor ? "floor" : "waiting",
        status: isDone ? "Done" : i.status,
      };
    });
    return {
      species: species.name,
      date: day.productionDate,
      site: day.siteName,
      siteId: day.tenantSiteId,
      lots,
      head: day.totals.head,
      killed: lots.reduce((n, l) => n + l.killed, 0),
      target: day.totals.target,
    };
  }

  async yard(stockyardId?: number) {
    return await new StockyardQueries(this.ctx).yardView(stockyardId);
  }

  /** An admin may configure any display user of the tenant; a display user only itself. */
  #mayConfigure(userId: number): boolean {
    const role = this.ctx.caller.subject.roleLevel;
    return isAdminUser(role) || (role === "display" && this.ctx.caller.user.id === userId);
  }

  async #target(userId?: number) {
    const id = userId ?? this.ctx.caller.user.id;
    if (!this.#mayConfigure(id)) {
      throw ApiError.forbidden("Only an admin or the display itself may set its screens.");
    }
    const [row] = await this.#members(eq(memberships.userId, id));
    if (!row || row.roleLevel !== "display") throw ApiError.notFound("That is not a display user of yours.");
    return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() || row.email };
  }

  /** The tenant's members matching `where`, with their role. */
  #members(where: SQL) {
    return this.ctx.app.db.control.select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleLevel: memberships.roleLevel,
    }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, this.ctx.tenantId), where));
  }

  async #stored(userId: number): Promise<unknown> {
    const row = await this.ctx.app.db.control.select({ value: userSettings.value }).from(userSettings).where(
      and(
        eq(userSettings.userId, userId),
        eq(userSettings.tenantId, this.ctx.tenantId),
        eq(userSettings.settingType, SETTING),
      ),
    ).get();
    return row?.value;
  }
}

/** Until configured: every kill agenda the TV may show, then the busiest yard, 20 s each. */
export function defaultRotation(choices: { screen: DisplayScreen }[]): DisplayScreen[] {
  const agendas = choices.filter((c) => c.screen.kind === "killagendareport").map((c) => c.screen);
  const yard = choices.find((c) => c.screen.kind === "stockyard")?.screen;
  return [...agendas, ...(yard ? [yard] : [])];
}
