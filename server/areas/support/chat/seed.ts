/**
 * Demo support chats for the processor: two streams of user@demo.processor with the support staff, one
 * made a ticket, one still waiting on a reply read. The demo's users are made in server/demo.ts's order
 * (super, admin, user, …), so the demo user is the control database's third user, "User Demo".
 * Idempotent: nothing when the tenant has any stream.
 */
import type { DemoTenant } from "../../area.ts";
import { chatMessages, chatReadMarks, chatStreams } from "../../../../db/tenant/schema.ts";
import { staffMark } from "./rules.ts";

export const DEMO_CHAT_USER = { id: 3, name: "User Demo" } as const;
const STAFF = { id: 1, name: "Super Demo" } as const;

const at = (today: string, daysBack: number, time: string) => {
  const day = new Date(`${today}T${time}:00+10:00`);
  day.setUTCDate(day.getUTCDate() - daysBack);
  return day.toISOString();
};

const STREAMS = [
  {
    isTicket: true,
    messages: [
      [
        false,
        6,
        "09:12",
        "The kill sheet PDF for Tuesday shows no tail tags for lot 14. Is that on our side?",
      ],
      [
        true,
        6,
        "09:40",
        "Thanks, we can see it: the tags arrived after the sheet was made. A ticket is open.",
      ],
      [
        false,
        6,
        "10:05",
        "Great, thank you. Our processing guide is at https://example.com/guide if useful.",
      ],
      [
        true,
        5,
        "14:30",
        "Fixed in tonight's release: the sheet now waits for the tags. Please check tomorrow.",
      ],
    ],
  },
  {
    isTicket: false,
    messages: [
      [false, 1, "08:02", "How do I add a second site to the stockyard view?"],
      [true, 1, "08:15", "Under Settings › Sites: add the site, then pick it in the header. Shout if stuck!"],
    ],
  },
] as const;

export async function seedChat({ db, today, category }: Pick<DemoTenant, "db" | "today" | "category">) {
  if (category !== "processor") return;
  if ((await db.select({ id: chatStreams.id }).from(chatStreams).limit(1)).length) return;
  for (const [i, s] of STREAMS.entries()) {
    const sent = s.messages.map(([, days, time]) => at(today, days, time));
    const [stream] = await db.insert(chatStreams).values({
      userId: DEMO_CHAT_USER.id,
      userName: DEMO_CHAT_USER.name,
      subject: s.messages[0][3],
      isTicket: s.isTicket,
      createdAt: sent[0],
      dateModified: sent.at(-1)!,
    }).returning();
    const rows = await db.insert(chatMessages).values(s.messages.map(([fromSupport, , , text], j) => ({
      streamId: stream.id,
      senderUserId: fromSupport ? STAFF.id : DEMO_CHAT_USER.id,
      senderName: fromSupport ? STAFF.name : DEMO_CHAT_USER.name,
      fromSupport,
      text,
      sentAt: sent[j],
    }))).returning();
    // the staff member (Super Demo) has read everything; the user has read all of the ticket but the newest reply of the other
    const userRead = i === 0 ? rows.at(-1)!.id : rows.at(-2)!.id;
    await db.insert(chatReadMarks).values([
      { streamId: stream.id, userId: staffMark(STAFF.id), lastReadMessageId: rows.at(-1)!.id },
      { streamId: stream.id, userId: DEMO_CHAT_USER.id, lastReadMessageId: userRead },
    ]);
  }
}
