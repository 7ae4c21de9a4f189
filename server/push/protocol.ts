/**
 * The ASP.NET Core SignalR JSON hub protocol, version 1 (dotnet/aspnetcore
 * src/SignalR/docs/specs/HubProtocol.md): what the official `@microsoft/signalr` client sends and expects.
 * Every record is JSON followed by the record separator 0x1E; one WebSocket frame may carry several.
 */
import { z } from "zod";

export const RECORD_SEPARATOR = "\u001e";

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** The client's first record. Only the JSON protocol is spoken here. */
export const HandshakeRequest = z.object({ protocol: z.string(), version: z.number().int() });

const Invocation = z.object({
  type: z.literal(MessageType.Invocation),
  invocationId: z.string().max(100).optional(),
  target: z.string().min(1).max(200),
  arguments: z.array(z.unknown()).max(100),
  streamIds: z.array(z.string()).optional(),
});

/** Records a client may send once the handshake is done (others are a protocol error). */
export const ClientMessage = z.discriminatedUnion("type", [
  Invocation,
  z.object({ type: z.literal(MessageType.StreamItem), invocationId: z.string() }).passthrough(),
  z.object({ type: z.literal(MessageType.Completion), invocationId: z.string() }).passthrough(),
  z.object({
    type: z.literal(MessageType.StreamInvocation),
    invocationId: z.string().max(100),
    target: z.string(),
  }).passthrough(),
  z.object({ type: z.literal(MessageType.CancelInvocation), invocationId: z.string() }),
  z.object({ type: z.literal(MessageType.Ping) }),
  z.object({ type: z.literal(MessageType.Close), error: z.string().optional() }).passthrough(),
  z.object({ type: z.literal(MessageType.Ack) }).passthrough(),
  z.object({ type: z.literal(MessageType.Sequence) }).passthrough(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** One record: JSON plus the separator. */
export function frame(message: unknown): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export const PING_FRAME = frame({ type: MessageType.Ping });
export const HANDSHAKE_OK_FRAME = frame({});

/** A server-to-client call of a client method (an event); no invocationId, no answer expected. */
export function invocationFrame(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function completionFrame(invocationId: string, outcome: { result?: unknown; error?: string }): string {
  if (outcome.error !== undefined) {
    return frame({ type: MessageType.Completion, invocationId, error: outcome.error });
  }
  return outcome.result === undefined
    ? frame({ type: MessageType.Completion, invocationId })
    : frame({ type: MessageType.Completion, invocationId, result: outcome.result });
}

export function closeFrame(error?: string, allowReconnect?: boolean): string {
  const message: Record<string, unknown> = { type: MessageType.Close };
  if (error) message.error = error;
  if (allowReconnect !== undefined) message.allowReconnect = allowReconnect;
  return frame(message);
}

/**
 * Splits incoming text into complete records; the incomplete tail is returned to prepend to the next
 * frame (a record may span frames).
 */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? "";
  return { records: parts, rest };
}
