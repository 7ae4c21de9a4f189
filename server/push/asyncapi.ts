/**
 * The push hub described for integrators (issue 45): an AsyncAPI 3.0 document of /hubs/userHub, made
 * from the push catalogue the server runs with (every area's events and refresh groups), so it cannot
 * drift from what the hub sends. Served at /api/asyncapi.json beside the OpenAPI document.
 *
 * The hub speaks the SignalR JSON protocol over a WebSocket: every message is a JSON frame ended by the
 * record separator 0x1E. The document describes the frames: the server's invocations (one per event, its
 * payload the only argument), and the hub methods a client invokes with the completion each answers.
 */
import { z } from "zod";
import type { EventSpecsOf, PushCatalogue, PushEventSpec } from "./catalogue.ts";
import { InterestName } from "./hubArguments.ts";

type Json = Record<string, unknown>;

/** A zod schema as the JSON Schema (draft-07) AsyncAPI's default schema format takes. */
function schemaOf(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as Json;
  return rest;
}

/** A SignalR invocation frame of `target` with these arguments. */
const invocation = (target: string, args: Json[], withId: boolean): Json => ({
  type: "object",
  required: ["type", "target", "arguments", ...(withId ? ["invocationId"] : [])],
  properties: {
    type: { const: 1, description: "SignalR invocation" },
    ...(withId ? { invocationId: { type: "string", description: "Echoed in the completion (type 3)" } } : {}),
    target: { const: target },
    // draft-07 tuple form (AsyncAPI's default schema format): these arguments, in this order, and no more
    arguments: args.length
      ? { type: "array", items: args, additionalItems: false, minItems: args.length }
      : { type: "array", maxItems: 0 },
  },
});

const names = { type: "array", maxItems: 50, items: schemaOf(InterestName) };
const ONLINE_USER = schemaOf(z.object({
  userId: z.number().int(),
  name: z.string(),
  connections: z.number().int(),
  since: z.string().describe("ISO time of the user's oldest open connection"),
}));

/** The hub methods clients invoke: arguments, and what the completion's result holds. */
const HUB_METHODS: Record<string, { about: string; args: Json[]; result: Json }> = {
  RegisterRefreshInterests: {
    about: "Join refresh groups (`Group` or `Group:id`); optionally with when the page was rendered " +
      "(ms since 1970), to be told in `missed` which of them had an event since.",
    args: [names, { type: "integer", minimum: 0 }],
    result: names,
  },
  RegisterRefreshInterest: {
    about: "Join one refresh group.",
    args: [schemaOf(InterestName)],
    result: names,
  },
  DeregisterRefreshInterests: { about: "Leave refresh groups.", args: [names], result: names },
  DeregisterRefreshInterest: {
    about: "Leave one refresh group.",
    args: [schemaOf(InterestName)],
    result: names,
  },
  WhoIsOnline: {
    about: "The tenant's users with an open connection.",
    args: [],
    result: { type: "array", items: ONLINE_USER },
  },
};

/** Frames the hub itself sends besides the catalogue's events. */
const HUB_FRAMES: Record<string, { about: string; payload: Json }> = {
  missed: {
    about: "After RegisterRefreshInterests with a time: the groups that had an event since then " +
      "(re-read them through the API).",
    payload: { type: "object", required: ["groups"], properties: { groups: names } },
  },
};

export function asyncApiDocument<E extends EventSpecsOf<E>>(catalogue: PushCatalogue<E>): Json {
  const messages: Json = {};
  const operations: Json = {};
  const channel = { $ref: "#/channels/userHub" };
  const receive = (name: string, about: string, payload: Json, audience: string) => {
    messages[name] = {
      name,
      title: name,
      summary: about,
      contentType: "application/json",
      payload: invocation(name, [payload], false),
      "x-audience": audience,
    };
    operations[`receive${name[0].toUpperCase()}${name.slice(1)}`] = {
      action: "receive",
      channel,
      summary: about,
      description: audience === "tenant"
        ? "Sent to every connection of the tenant."
        : `Sent to the connections that joined the refresh group ${audience} (or ${audience}:<id>).`,
      messages: [{ $ref: `#/channels/userHub/messages/${name}` }],
    };
  };
  for (const [name, event] of Object.entries<PushEventSpec>(catalogue.events)) {
    receive(name, event.about, schemaOf(event.payload), event.audience);
  }
  for (const [name, frame] of Object.entries(HUB_FRAMES)) receive(name, frame.about, frame.payload, "caller");
  for (const [name, method] of Object.entries(HUB_METHODS)) {
    messages[name] = {
      name,
      title: name,
      summary: method.about,
      contentType: "application/json",
      payload: invocation(name, method.args, true),
    };
    const completion = `${name}Completion`;
    messages[completion] = {
      name: completion,
      title: `${name} completion`,
      summary: `The answer to ${name}: its result, or an error in words (a refused group, a bad argument).`,
      contentType: "application/json",
      payload: {
        type: "object",
        required: ["type", "invocationId"],
        properties: {
          type: { const: 3, description: "SignalR completion" },
          invocationId: { type: "string" },
          result: method.result,
          error: { type: "string" },
        },
      },
    };
    operations[`send${name}`] = {
      action: "send",
      channel,
      summary: method.about,
      messages: [{ $ref: `#/channels/userHub/messages/${name}` }],
      reply: { channel, messages: [{ $ref: `#/channels/userHub/messages/${completion}` }] },
    };
  }
  const groups = Object.entries(catalogue.groups).map(([name, g]) =>
    `- **${name}**: ${g.about}${g.module ? ` (needs the ${g.module} module)` : ""}`
  ).join("\n");
  return {
    asyncapi: "3.0.0",
    info: {
      title: "Abattoir Manager push hub",
      version: "1",
      description:
        "Live changes pushed to signed-in clients. Payloads carry ids and times, never records: re-read " +
        "what changed through the API (/api/openapi.json), where access is checked again.\n\n" +
        "Connect as the official @microsoft/signalr client does: POST /hubs/userHub/negotiate?negotiateVersion=1 " +
        "(signed in: Authorization: Bearer <token>) answers a connectionToken; open a WebSocket to " +
        '/hubs/userHub?id=<connectionToken>; send the handshake {"protocol":"json","version":1} followed ' +
        "by the record separator 0x1E. Every frame is JSON ended by 0x1E; pings (type 6) keep the connection.\n\n" +
        `Refresh groups (join with RegisterRefreshInterests; \`Group:id\` narrows to one record):\n${groups}`,
    },
    servers: {
      thisServer: {
        host: "{host}",
        protocol: "wss",
        description: "The app's own origin (ws on a plain-HTTP development server)",
        variables: { host: { default: "localhost:8000", description: "the app's host and port" } },
      },
    },
    defaultContentType: "application/json",
    channels: {
      userHub: {
        address: "/hubs/userHub",
        title: "User hub",
        description: "One WebSocket per page; events of the caller's tenant only.",
        messages: Object.fromEntries(
          Object.keys(messages).map((n) => [n, { $ref: `#/components/messages/${n}` }]),
        ),
      },
    },
    operations,
    components: { messages },
  };
}
