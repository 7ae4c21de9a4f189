/** What the users area's two routers share beyond areaApi: a POST answering 204 No Content. */
import type { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { jsonBody, noContent } from "../../http/openapi.ts";
import { areaApi, type In } from "../areaApi.ts";
import { type AreaContext, areaContextOf } from "../context.ts";

type Api = ReturnType<typeof areaApi>;

/** A POST with a JSON body and no answer but 204: the operation gets the parsed body. */
export function postNoContent<B extends z.ZodType>(
  api: Api,
  path: string,
  summary: string,
  body: B,
  access: AccessRule,
  operation: (ctx: AreaContext, input: In<B>) => Promise<unknown>,
) {
  api.route(
    { method: "post", path, summary, access, request: jsonBody(body), responses: noContent },
    async (c) => {
      const input = (c.req.valid as (t: "json") => In<B>).call(c.req, "json");
      await operation(await areaContextOf(c), input);
      return c.body(null, 204);
    },
  );
}
