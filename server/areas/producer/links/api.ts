import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import {
  acceptLink,
  inviteProducer,
  leaveLink,
  linkByProducerCode,
  processorLinks,
  producerCode,
  producerLinkList,
  revokeLink,
  setLinkScopes,
} from "./operations.ts";
import {
  AcceptLinkBody,
  InviteAnswer,
  InviteProducerBody,
  LinkByCodeBody,
  LinkIdBody,
  LinkView,
  ProcessorLinksQuery,
  ProducerCodeAnswer,
  SetLinkScopesBody,
} from "./schemas.ts";

/** The paths the pages post to. */
export const LINKS_API = {
  inviteProducer: "/api/producer/InviteProducer",
  linkProducerByCode: "/api/producer/LinkProducerByCode",
  setProducerLinkScopes: "/api/producer/SetProducerLinkScopes",
  revokeProducerLink: "/api/producer/RevokeProducerLink",
  acceptProcessorLink: "/api/producer/AcceptProcessorLink",
  leaveProcessorLink: "/api/producer/LeaveProcessorLink",
} as const;

// the processor's side: its admins with the supplier permission, on the supplier record
const PROCESSOR_READ: AccessRule = { role: "admin", tenantCategory: "processor", modules: ["livestock"] };
const PROCESSOR_WRITE: AccessRule = { ...PROCESSOR_READ, edit: "supplier" };
// the producer's side: its admins manage links, every user reads
const PRODUCER_ADMIN: AccessRule = { role: "admin", tenantCategory: "producer", modules: ["farmer"] };
const PRODUCER_READ: AccessRule = { pages: ["producerportal"] };

/** Links between a processor's suppliers and a producer tenant (issue 44 §1). */
const api = areaApi(["Producer portal: links"]);

api.post(
  LINKS_API.inviteProducer,
  "Processor: invite a producer by email to see these suppliers' records (the code is answered once; " +
    "the producer enters it to accept, within 14 days)",
  InviteProducerBody,
  InviteAnswer,
  PROCESSOR_WRITE,
  inviteProducer,
);

api.post(
  LINKS_API.linkProducerByCode,
  "Processor: link a producer tenant, by the code it gave, to these suppliers (open at once)",
  LinkByCodeBody,
  LinkView,
  PROCESSOR_WRITE,
  linkByProducerCode,
);

api.post(
  LINKS_API.setProducerLinkScopes,
  "Processor: change what a link shares and from which day (409 when it changed since read)",
  SetLinkScopesBody,
  LinkView,
  PROCESSOR_WRITE,
  setLinkScopes,
);

api.post(
  LINKS_API.revokeProducerLink,
  "Processor: end a link; the producer's next request is refused",
  LinkIdBody,
  LinkView,
  PROCESSOR_WRITE,
  revokeLink,
);

api.get(
  "/api/producer/GetProducerLinks",
  "Processor: its producer links, optionally of one supplier, newest first",
  { query: ProcessorLinksQuery },
  z.array(LinkView),
  PROCESSOR_READ,
  processorLinks,
);

api.get(
  "/api/producer/GetProducerCode",
  "Producer: its code, to give a processor that links it",
  {},
  ProducerCodeAnswer,
  PRODUCER_ADMIN,
  producerCode,
);

api.post(
  LINKS_API.acceptProcessorLink,
  "Producer: accept a processor's invitation with the code it sent",
  AcceptLinkBody,
  LinkView,
  PRODUCER_ADMIN,
  acceptLink,
);

api.post(
  LINKS_API.leaveProcessorLink,
  "Producer: leave a processor link",
  LinkIdBody,
  LinkView,
  PRODUCER_ADMIN,
  leaveLink,
);

api.get(
  "/api/producer/GetProcessorLinks",
  "Producer: its links to processors, open first",
  {},
  z.array(LinkView),
  PRODUCER_READ,
  producerLinkList,
);

export const linksApi = api.router();
