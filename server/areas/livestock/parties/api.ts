import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import {
  getBuyer,
  getStakeholder,
  getSupplier,
  getTransportCompany,
  listBuyers,
  listStakeholders,
  listSuppliers,
  listTransportCompanies,
  suppliersLatest,
} from "./queries.ts";
import { upsertBuyer, upsertStakeholder, upsertSupplier, upsertTransportCompany } from "./operations.ts";
import {
  Buyer,
  BuyerBody,
  BuyersQuery,
  IdParam,
  ListQuery,
  Stakeholder,
  StakeholderBody,
  Supplier,
  SupplierBody,
  SuppliersLatest,
  SuppliersLatestQuery,
  TransportCompany,
  TransportCompanyBody,
} from "./schemas.ts";

/** The endpoints' paths by operation: the routes below and the pages' forms both use these. */
export const PARTIES_API = {
  GetSuppliers: "/api/livestock/GetSuppliers",
  GetSupplier: "/api/livestock/GetSupplier/{id}",
  GetSuppliersLatest: "/api/livestock/GetSuppliersLatest",
  UpsertSupplier: "/api/livestock/UpsertSupplier",
  GetStakeholders: "/api/livestock/GetStakeholders",
  GetStakeholder: "/api/livestock/GetStakeholder/{id}",
  UpsertStakeholder: "/api/livestock/UpsertStakeholder",
  GetBuyers: "/api/livestock/GetBuyers",
  GetBuyer: "/api/livestock/GetBuyer/{id}",
  UpsertBuyer: "/api/livestock/UpsertBuyer",
  GetTransportCompanies: "/api/livestock/GetTransportCompanies",
  GetTransportCompany: "/api/livestock/GetTransportCompany/{id}",
  UpsertTransportCompany: "/api/livestock/UpsertTransportCompany",
} as const;

// The buy home's tabs and the producer's lists use these; writes need the record's admin permission.
const PARTIES_READ: AccessRule = { pages: ["livestock", "suppliers", "buyers"] };

/** Master data of livestock buying (spec 1 §7 "Livestock (api/livestock/)"). */
const api = areaApi(["Livestock: suppliers, buyers, transport, stakeholders"]);

api.get(
  PARTIES_API.GetSuppliers,
  "Suppliers by name; `q` searches name, location, PIC, contact",
  { query: ListQuery },
  z.array(Supplier),
  PARTIES_READ,
  (ctx, { q }) => listSuppliers(ctx, q),
);

api.get(
  PARTIES_API.GetSupplier,
  "One supplier",
  { params: IdParam },
  Supplier,
  PARTIES_READ,
  (ctx, { id }) => getSupplier(ctx, id),
);

api.get(
  PARTIES_API.GetSuppliersLatest,
  "Suppliers changed after `since` and the newest change: re-read only when it is newer than your copy",
  { query: SuppliersLatestQuery },
  SuppliersLatest,
  PARTIES_READ,
  (ctx, { since }) => suppliersLatest(ctx, since),
);

api.post(
  PARTIES_API.UpsertSupplier,
  "Add or edit a supplier (needs the supplier admin permission)",
  SupplierBody,
  Supplier,
  { ...PARTIES_READ, edit: "supplier" },
  upsertSupplier,
);

api.get(
  PARTIES_API.GetStakeholders,
  "Stakeholders (agents, feedlots, saleyards…) by name",
  { query: ListQuery },
  z.array(Stakeholder),
  PARTIES_READ,
  (ctx, { q }) => listStakeholders(ctx, q),
);

api.get(
  PARTIES_API.GetStakeholder,
  "One stakeholder",
  { params: IdParam },
  Stakeholder,
  PARTIES_READ,
  (ctx, { id }) => getStakeholder(ctx, id),
);

api.post(
  PARTIES_API.UpsertStakeholder,
  "Add or edit a stakeholder (needs the stakeholder admin permission)",
  StakeholderBody,
  Stakeholder,
  { ...PARTIES_READ, edit: "stakeholder" },
  upsertStakeholder,
);

api.get(
  PARTIES_API.GetBuyers,
  "Buyers by name (soft-deleted ones only with includeDeleted=true)",
  { query: BuyersQuery },
  z.array(Buyer),
  PARTIES_READ,
  (ctx, { q, includeDeleted }) => listBuyers(ctx, q, includeDeleted === "true"),
);

api.get(
  PARTIES_API.GetBuyer,
  "One buyer",
  { params: IdParam },
  Buyer,
  PARTIES_READ,
  (ctx, { id }) => getBuyer(ctx, id),
);

api.post(
  PARTIES_API.UpsertBuyer,
  "Add, edit or soft-delete (isSoftDeleted) a buyer (needs the buyer admin permission)",
  BuyerBody,
  Buyer,
  { ...PARTIES_READ, edit: "buyer" },
  upsertBuyer,
);

api.get(
  PARTIES_API.GetTransportCompanies,
  "Transport companies by name",
  { query: ListQuery },
  z.array(TransportCompany),
  PARTIES_READ,
  (ctx, { q }) => listTransportCompanies(ctx, q),
);

api.get(
  PARTIES_API.GetTransportCompany,
  "One transport company",
  { params: IdParam },
  TransportCompany,
  PARTIES_READ,
  (ctx, { id }) => getTransportCompany(ctx, id),
);

api.post(
  PARTIES_API.UpsertTransportCompany,
  "Add or edit a transport company (needs the transport admin permission)",
  TransportCompanyBody,
  TransportCompany,
  { ...PARTIES_READ, edit: "transportCompany" },
  upsertTransportCompany,
);

export const partiesApi = api.router();
