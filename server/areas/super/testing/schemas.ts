import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { InterchangeClient, ResetDataFlowBody } from "../../killFloor/schemas.ts";
import { ReprocessingClient } from "../yieldReprocess/schemas.ts";
import { CHECK_KEYS, CHECK_STATUSES, mobileNumber, needsTenant } from "./rules.ts";

const Check = z.enum(CHECK_KEYS, { error: "Choose checks from the list" });

/** The checks to run now; the organisation's own (its database, its interchange) need `tenantId`. */
export const RunChecksBody = z.object({
  tenantId: idNumber().nullish(),
  checks: z.array(Check).min(1, "Choose at least one check").max(20),
}).refine((b) => b.tenantId || !needsTenant(b.checks), {
  path: ["tenantId"],
  message: "Choose the organisation to check",
}).openapi("RunConnectionChecksBody");

export const CheckResult = z.object({
  check: Check,
  label: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** what happened, in words */
  result: z.string(),
  durationMs: z.number(),
  at: z.string(),
}).openapi("ConnectionCheckResult");

export const ChecksAnswer = z.object({
  /** the organisation checked; null when only application-wide checks ran */
  tenantId: z.number().nullable(),
  results: z.array(CheckResult),
}).openapi("ConnectionChecksAnswer");

export const PingInterchangeBody = z.object({ tenantId: idNumber() }).openapi("SuperPingInterchangeBody");

export const PingInterchangeAnswer = z.object({
  tenantId: z.number(),
  isAvailable: z.boolean(),
  message: z.string(),
}).openapi("SuperPingInterchangeAnswer");

export const TestEmailBody = z.object({
  to: z.string().trim().toLowerCase().min(1, "Enter the address to send to").max(320)
    .email("Enter a valid email address"),
}).openapi("SendTestEmailBody");

export const TestTextBody = z.object({
  to: z.string().trim().min(1, "Enter the mobile number to send to").max(25)
    .refine((v) => mobileNumber(v) !== null, "Enter a mobile number: 0412 345 678 or +61 412 345 678")
    .transform((v) => mobileNumber(v)!),
}).openapi("SendTestTextBody");

export const TestNotificationBody = z.object({
  tenantId: idNumber(),
  userId: idNumber(),
  title: z.string().trim().min(1, "Enter a title").max(200, "Keep the title to 200 characters"),
  message: z.string().trim().max(2000, "Keep the message to 2,000 characters").default(""),
}).openapi("SendTestNotificationBody");

/** A test sent: to whom (as sent), and what happened in words. */
export const TestSent = z.object({
  to: z.string(),
  via: z.enum(["mailServer", "smsGateway", "outbox", "notifications"]),
  result: z.string(),
}).openapi("TestSent");

export const TestingHomeInfo = z.object({
  /** the organisations open to yield reprocessing (their onboarding setting on) */
  reprocessingClients: z.array(ReprocessingClient),
  interchangeClientStatus: z.object({
    state: z.enum(["available", "notAvailable", "notConnected", "noClients"]),
    message: z.string(),
    /** each organisation looked after: whether its interchange is available */
    tenants: z.array(z.object({
      tenantId: z.number(),
      tenantName: z.string(),
      clients: z.number(),
      enabled: z.number(),
      live: z.number(),
      isAvailable: z.boolean(),
    })),
    /** every client, errors first */
    clients: z.array(InterchangeClient.extend({ tenantId: z.number() })),
  }),
}).openapi("TestingHomeInfo");

export const ResetTenantDataFlowBody = ResetDataFlowBody.extend({ tenantId: idNumber() })
  .openapi("ResetTenantDataFlowBody");
