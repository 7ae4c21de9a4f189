/**
 * The caller's own sessions (ASVS V7, issue 19 §6): every browser or device signed in as them, in any
 * of their organisations, with the device, address, sign-in and last request, and the means to end any
 * but this one, or all the others at once. Ending one closes its open pages' live connection at once.
 */
import type { z } from "@hono/zod-openapi";
import type { AreaContext } from "../context.ts";
import { ApiError } from "../../http/errors.ts";
import { deviceName } from "../../auth/device.ts";
import type { MySession } from "./schemas.ts";

export class OwnSessionService {
  constructor(private readonly ctx: AreaContext) {}

  get #userId() {
    return this.ctx.caller.user.id;
  }

  get #current() {
    return this.ctx.caller.session.id;
  }

  async list(): Promise<z.output<typeof MySession>[]> {
    const rows = await this.ctx.app.sessions.ofUser(this.#userId);
    return rows.map((s) => ({
      sessionId: s.id,
      device: deviceName(s.userAgent),
      ipAddress: s.ipAddress,
      signedInAt: (s.signedInAt ?? s.createdAt).toISOString(),
      lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
      isCurrent: s.id === this.#current,
    }));
  }

  async end(sessionId: string) {
    if (sessionId === this.#current) {
      throw ApiError.validation([{
        field: "sessionId",
        message: "That is the session you are using: sign out to end it.",
      }]);
    }
    const mine = await this.ctx.app.sessions.ofUser(this.#userId);
    if (!mine.some((s) => s.id === sessionId)) throw ApiError.notFound("That session has already ended.");
    await this.ctx.app.sessions.invalidate(sessionId);
  }

  async endOthers(): Promise<{ ended: number }> {
    const others = (await this.ctx.app.sessions.ofUser(this.#userId)).filter((s) => s.id !== this.#current);
    await this.ctx.app.sessions.invalidateAllForUser(this.#userId, this.#current);
    return { ended: others.length };
  }
}
