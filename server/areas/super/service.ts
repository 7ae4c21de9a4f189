import { and, eq } from "drizzle-orm";
import { featureFlags, tenants } from "../../../db/control/schema.ts";
import { FEATURE_FLAG_KEYS, FEATURE_FLAGS, type FeatureFlagKey, isKnownFlag } from "../../access/flags.ts";
import type { AppServices } from "../../env.ts";
import type { Caller } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import type { OnlineUser } from "../../push/hub.ts";
import { recordSuperAudit, type SuperAuditEntry } from "./audit.ts";

const DEFAULT_REFRESH_REASON = "A super user refreshed your data.";
const DEFAULT_LOGOUT_REASON = "A super user signed everyone out.";

/** The super user's tenant-wide actions (spec 2 §7.6, §7.7). Super role only. */
export class SuperService {
  private readonly app: AppServices;
  private readonly caller: Caller;

  constructor(ctx: AreaContext) {
    this.app = ctx.app;
    this.caller = ctx.caller;
  }

  /** Every client of the tenant reloads its data. */
  async forceRefresh(input: { tenantId: number; reason: string }) {
    await this.#tenant(input.tenantId);
    const connectionsTold = this.app.push.hub.connectionCount(input.tenantId);
    await this.app.push.emit(input.tenantId, "forceRefresh", {
      reason: input.reason || DEFAULT_REFRESH_REASON,
    });
    await this.#audit(input.tenantId, "ForceRefresh", { reason: input.reason, connectionsTold });
    return { tenantId: input.tenantId, connectionsTold, sessionsEnded: 0 };
  }

  /**
   * Everyone working in the tenant is signed out: clients are told first (they go to the sign-in page),
   * then the sessions end on the server, so a client that ignores the event is refused all the same.
   * The super user's own session survives.
   */
  async forceTotalLogout(input: { tenantId: number; reason: string }) {
    await this.#tenant(input.tenantId);
    const connectionsTold = this.app.push.hub.connectionCount(input.tenantId);
    await this.app.push.emit(input.tenantId, "forceTotalLogout", {
      reason: input.reason || DEFAULT_LOGOUT_REASON,
    });
    const sessionsEnded = await this.app.sessions.invalidateAllForTenant(
      input.tenantId,
      this.caller.session.id,
    );
    await this.#audit(input.tenantId, "ForceTotalLogout", { reason: input.reason, sessionsEnded });
    return { tenantId: input.tenantId, connectionsTold, sessionsEnded };
  }

  async onlineUsers(tenantId: number): Promise<OnlineUser[]> {
    await this.#tenant(tenantId);
    return this.app.push.hub.whoIsOnline(tenantId);
  }

  /**
   * Every known flag of a tenant, stored or not (a flag never stored is off), then the stored flags this
   * version does not know (off whatever they say; a super user may delete them, spec 2 §5).
   */
  async featureFlags(tenantId: number) {
    await this.#tenant(tenantId);
    const stored = await this.app.db.control.query.featureFlags.findMany({
      where: eq(featureFlags.tenantId, tenantId),
    });
    const known = FEATURE_FLAG_KEYS.map((featureKey) => {
      const row = stored.find((f) => f.featureKey === featureKey);
      return {
        featureKey,
        label: FEATURE_FLAGS[featureKey],
        isEnabled: row?.isEnabled ?? false,
        isEnabledForSuperUser: row?.isEnabledForSuperUser ?? false,
        isRecognised: true,
        isStored: Boolean(row),
      };
    });
    const unknown = stored.filter((f) => !isKnownFlag(f.featureKey)).map((f) => ({
      featureKey: f.featureKey,
      label: f.featureKey,
      isEnabled: f.isEnabled,
      isEnabledForSuperUser: f.isEnabledForSuperUser,
      isRecognised: false,
      isStored: true,
    }));
    return [...known, ...unknown];
  }

  /** Sets a tenant's flag; its clients are told (featureFlagUpdated) and re-read their user model. */
  async upsertFeatureFlag(
    input: {
      tenantId: number;
      featureKey: FeatureFlagKey;
      isEnabled: boolean;
      isEnabledForSuperUser: boolean;
    },
  ) {
    await this.#tenant(input.tenantId);
    await this.app.db.control.insert(featureFlags).values(input).onConflictDoUpdate({
      target: [featureFlags.tenantId, featureFlags.featureKey],
      set: { isEnabled: input.isEnabled, isEnabledForSuperUser: input.isEnabledForSuperUser },
    });
    await this.#audit(input.tenantId, "UpsertFeatureFlag", { ...input, tenantId: undefined });
    await this.app.callers.changed({ tenantIds: [input.tenantId] });
    await this.app.push.emit(input.tenantId, "featureFlagUpdated", { featureKey: input.featureKey });
    return this.featureFlags(input.tenantId);
  }

  /** Removes a tenant's flag, known or not (it is then off). */
  async deleteFeatureFlag(tenantId: number, featureKey: string) {
    await this.#tenant(tenantId);
    const deleted = await this.app.db.control.delete(featureFlags)
      .where(and(eq(featureFlags.tenantId, tenantId), eq(featureFlags.featureKey, featureKey)))
      .returning();
    if (!deleted.length) throw ApiError.notFound("That flag is not set for this organisation.");
    await this.#audit(tenantId, "DeleteFeatureFlag", { featureKey });
    await this.app.callers.changed({ tenantIds: [tenantId] });
    await this.app.push.emit(tenantId, "featureFlagUpdated", { featureKey });
    return this.featureFlags(tenantId);
  }

  /** A super action another area carries out (the support files): its row of the super audit. */
  recordAction(entry: SuperAuditEntry) {
    return recordSuperAudit(this.app.db.control, this.caller, entry);
  }

  #audit(tenantId: number, action: string, detail: Record<string, unknown>) {
    return recordSuperAudit(this.app.db.control, this.caller, { tenantId, action, detail });
  }

  async #tenant(id: number) {
    const tenant = await this.app.db.control.query.tenants.findFirst({ where: eq(tenants.id, id) });
    if (!tenant) throw ApiError.notFound("That organisation does not exist.");
    return tenant;
  }
}
