/**
 * The organisation's people in Find (for those who manage them): by name or email, each with its role
 * and whether it can sign in. Keys of plant systems are no people (`isPerson`).
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { memberships, users } from "../../../db/control/schema.ts";
import { href } from "../../access/routes.ts";
import { roleLabel } from "../../access/roles.ts";
import { isPerson } from "../../auth/apiKeys.ts";
import type { FindSource } from "../area.ts";
import { holds } from "../finding.ts";
import { accountStatus } from "./rules.ts";

export const FIND_USERS: FindSource = {
  kind: "Users",
  listedAs: "users",
  page: "clientUserEdit",
  order: 9,
  async find(ctx, q, limit) {
    const rows = await ctx.app.db.control.select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isDisabled: users.isDisabled,
      isPasswordUpdated: users.isPasswordUpdated,
      roleLevel: memberships.roleLevel,
    }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(and(
      eq(memberships.tenantId, ctx.caller.tenant.id),
      isPerson(),
      or(
        holds(sql`${users.firstName} || ' ' || ${users.lastName}`, q.text),
        holds(users.email, q.text),
      ),
    )).orderBy(asc(users.lastName), asc(users.firstName)).limit(limit);
    return rows.map((u) => ({
      title: `${u.firstName} ${u.lastName}`.trim() || u.email,
      detail: [roleLabel(u.roleLevel), u.email, accountStatus(u).text].join(" · "),
      href: href("clientUserEdit", {}, { id: u.id }),
    }));
  },
};
