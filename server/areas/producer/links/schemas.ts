/** The producer portal's links at the API boundary (issue 44 §1). */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { idNumber } from "../../../http/params.ts";
import { LINK_SCOPES } from "../../../../db/control/producerLinks.ts";

const id = idNumber();
const scopes = z.array(
  z.enum(LINK_SCOPES, { error: "Choose from orders, deliveries, feedback, remittances, grids" }),
)
  .min(1, "Share at least one thing").max(LINK_SCOPES.length);
const supplierIds = z.array(id).min(1, "Choose at least one supplier").max(20);

/** What a processor shares: its suppliers (one business, several PICs), the scopes and from which day. */
const Grant = { supplierIds, scopes, visibleFrom: isoDate };

export const InviteProducerBody = z.object({
  ...Grant,
  email: z.string().trim().toLowerCase().email("Enter the producer's email address").max(200),
});

export const LinkByCodeBody = z.object({
  ...Grant,
  producerCode: z.string().trim().toUpperCase().regex(
    /^[A-Z0-9-]{6,20}$/,
    "Enter the producer's code as given",
  ),
});

export const SetLinkScopesBody = z.object({
  linkId: id,
  scopes,
  visibleFrom: isoDate,
  lastModified: z.string().max(40).optional(),
});

export const LinkIdBody = z.object({ linkId: id });

export const AcceptLinkBody = z.object({
  code: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{10}$/, "Enter the 10-character code from the email"),
});

export const ProcessorLinksQuery = z.object({ supplierId: id.optional() });

export const LinkView = z.object({
  id: z.number(),
  /** the other side's name: the producer's for the processor, the processor's for the producer */
  otherName: z.string(),
  supplierIds: z.array(z.number()),
  scopes: z.array(z.string()),
  visibleFrom: z.string(),
  inviteEmail: z.string(),
  /** waiting (invitation not accepted), active, ended */
  state: z.enum(["waiting", "active", "ended"]),
  grantedBy: z.string(),
  grantedAt: z.string(),
  revokedAt: z.string().nullable(),
  lastModified: z.string(),
});

export const InviteAnswer = z.object({
  link: LinkView,
  /** shown once: the producer enters it (or follows the emailed address) to accept */
  code: z.string(),
});

export const ProducerCodeAnswer = z.object({ code: z.string() });
