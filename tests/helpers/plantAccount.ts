/**
 * The demo plant's own party with a bank account, whatever the demo seed gives it: what a payment file
 * pays from (Invoice Manager › Payments). Its account number is "111222333".
 */
import { stakeholders } from "../../db/tenant/schema.ts";
import type { serveTestApp } from "./app.ts";
import { plantNoon } from "./clock.ts";

export const PLANT_ACCOUNT = { bsb: "082001", bankAccountNumber: "111222333" } as const;

export async function givePlantAnAccount(t: Awaited<ReturnType<typeof serveTestApp>>, tenantId = 1) {
  const db = await t.services.db.tenantDb(tenantId);
  const now = plantNoon().toISOString();
  await db.update(stakeholders).set({ isTenant: false });
  await db.insert(stakeholders).values({
    name: "Demo Processing",
    stakeholderType: "Other",
    isTenant: true,
    ...PLANT_ACCOUNT,
    bankAccountName: "Demo Processing",
    createdAt: now,
    lastModified: now,
  });
}
