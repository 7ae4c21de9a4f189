/**
 * A producer's sign-up through a processor's link invitation (issue 44 §1): what a code invites to, and
 * the sign-up into a new farm or one the caller administers. Public: the code is the proof.
 */
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { users } from "../../../db/control/schema.ts";
import { jsonBody, okJson } from "../../http/openapi.ts";
import { clientIp } from "../../http/clientIp.ts";
import { setSessionCookie } from "../../http/cookies.ts";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { userModel } from "../../auth/userModel.ts";
import { UserModel } from "../../auth/schemas.ts";
import { areaApi, type In } from "../areaApi.ts";
import { invitedLink } from "../producer/writes.ts";
import { LINK_CODE_INVALID, producerSignUp } from "./operations/producerSignUp.ts";
import { publicLookup } from "./apiParts.ts";
import { ProducerInviteDetail, ProducerInviteQuery, ProducerSignUpBody } from "./schemas.ts";

export const PRODUCER_SIGN_UP_API = {
  handleProducerInvite: "/register/HandleProducerInvite",
  signUpProducer: "/register/SignUpProducer",
} as const;

const PUBLIC: AccessRule = { public: true };
const api = areaApi(["Invitations"]);

/** What a code invites to, or null when it cannot be used. */
export async function producerInviteDetail(
  app: AppEnv["Variables"]["app"],
  code: string,
): Promise<In<typeof ProducerInviteDetail> | null> {
  const found = await invitedLink(app.db.control, code);
  if (!found) return null;
  const [account] = await app.db.control.select({ id: users.id }).from(users)
    .where(eq(users.email, found.link.inviteEmail));
  return {
    processorName: found.processorName,
    email: found.link.inviteEmail,
    expiresAt: found.link.inviteExpiresAt?.toISOString() ?? "",
    accountExists: Boolean(account),
  };
}

publicLookup(
  api,
  PRODUCER_SIGN_UP_API.handleProducerInvite,
  "What a processor's link code invites to (for the producer's sign-up page)",
  ProducerInviteQuery,
  ProducerInviteDetail,
  { field: "code", message: LINK_CODE_INVALID },
  (app, { code }) => producerInviteDetail(app, code),
);

api.route(
  {
    method: "post",
    path: PRODUCER_SIGN_UP_API.signUpProducer,
    summary: "A producer takes up a processor's link invitation: a new farm with a new account (or the " +
      "signed-in one), or a farm the caller administers; the link opens and a session opens in the farm",
    access: PUBLIC,
    request: jsonBody(ProducerSignUpBody),
    responses: okJson(UserModel),
  },
  async (c: Context<AppEnv>) => {
    const body = (c.req.valid as (t: "json") => In<typeof ProducerSignUpBody>).call(c.req, "json");
    const { token, caller } = await producerSignUp(c.get("app"), c.get("caller") ?? null, body, {
      ip: clientIp(c),
      userAgent: c.req.header("user-agent") ?? "",
      localLoginDate: body.localLoginDate ?? c.get("clock").localDate,
    });
    setSessionCookie(c, token, caller.session.absoluteExpiresAt);
    return c.json(userModel(caller, true, token), 200);
  },
);

export const producerSignUpApi = api.router();
