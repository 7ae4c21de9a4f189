import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import {
  ChecksAnswer,
  PingInterchangeAnswer,
  PingInterchangeBody,
  ResetTenantDataFlowBody,
  RunChecksBody,
  TestEmailBody,
  TestingHomeInfo,
  TestNotificationBody,
  TestSent,
  TestTextBody,
} from "./schemas.ts";
import { InterchangeClient } from "../../killFloor/schemas.ts";
import { TESTING_HOME } from "../yieldReprocess/api.ts";
import { resetTenantDataFlow, testingHomeInfo } from "./operations/home.ts";
import { runChecks } from "./operations/checks.ts";
import {
  pingTenantInterchange,
  sendTestEmail,
  sendTestNotification,
  sendTestText,
} from "./operations/sends.ts";

/** The paths the Testing screen posts to (a page cannot misname an endpoint). */
export const SUPER_TESTING_API = {
  runConnectionChecks: "/api/super/RunConnectionChecks",
  pingInterchange: "/api/super/PingTenantInterchange",
  sendTestEmail: "/api/super/SendTestEmail",
  sendTestText: "/api/super/SendTestText",
  sendTestNotification: "/api/super/SendTestNotification",
  testingHomeInfo: "/api/support/GetTestingHomeInfo",
  resetTenantDataFlow: "/api/support/ResetTenantDataFlow",
} as const;

/** whoever can open the Testing screen (super users): the calls and the screen cannot drift apart */
const TESTING: AccessRule = { pages: ["superTesting"] };

/** api/super/… of the Testing screen: connection checks, "ping interchange" and test sends. All audited. */
const api = areaApi(["Super"]);

api.post(
  SUPER_TESTING_API.runConnectionChecks,
  "Run connection checks now (databases, mail server, SMS gateway, file storage, push bus, plant " +
    "interchange): each answers OK, not configured or failed in words, with how long it took",
  RunChecksBody,
  ChecksAnswer,
  TESTING,
  runChecks,
);

api.post(
  SUPER_TESTING_API.pingInterchange,
  "Whether a processor's plant interchange is available (a client heard from in the last 5 minutes)",
  PingInterchangeBody,
  PingInterchangeAnswer,
  TESTING,
  (ctx, { tenantId }) => pingTenantInterchange(ctx, tenantId),
);

api.post(
  SUPER_TESTING_API.sendTestEmail,
  "Send a test email through the mail server (or to the Outbox without one); 503 when it refuses",
  TestEmailBody,
  TestSent,
  TESTING,
  (ctx, { to }) => sendTestEmail(ctx, to),
);

api.post(
  SUPER_TESTING_API.sendTestText,
  "Send a test text to a mobile (0412 345 678 or +61 412 345 678) through the SMS gateway (or to the " +
    "Outbox without one); 503 when it refuses",
  TestTextBody,
  TestSent,
  TESTING,
  (ctx, { to }) => sendTestText(ctx, to),
);

api.post(
  SUPER_TESTING_API.sendTestNotification,
  "Send a test notification to a user of an organisation (it shows on their notifications page)",
  TestNotificationBody,
  TestSent,
  TESTING,
  sendTestNotification,
);

api.get(
  SUPER_TESTING_API.testingHomeInfo,
  "The testing home: the organisations open to yield reprocessing, and the interchange clients looked " +
    "after (a super user: every processor; a tester: their own), errors first, with whether each " +
    "organisation's interchange is available",
  {},
  TestingHomeInfo,
  TESTING_HOME,
  (ctx) => testingHomeInfo(ctx),
);

api.post(
  SUPER_TESTING_API.resetTenantDataFlow,
  "Reset an organisation's interchange client to Ready to Process (force when its pipeline runs; 409 " +
    "otherwise), as its own Plant integrations screen does",
  ResetTenantDataFlowBody,
  InterchangeClient,
  TESTING_HOME,
  resetTenantDataFlow,
);

export const superTestingApi = api.router();
