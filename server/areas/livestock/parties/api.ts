import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { apiService } from "../../context.ts";
import { PartyService } from "./service.ts";
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

const tags = ["Livestock: suppliers, buyers, transport, stakeholders"];
const { get, post } = areaRoutes(tags);
// The buy home's tabs and the producer's lists use these; writes need the record's admin permission.
const PARTIES_READ: AccessRule = { pages: ["livestock", "suppliers", "buyers"] };
const service = (c: Context<AppEnv>) => apiService(c, PartyService);

/** Master data of livestock buying (spec 1 §7 "Livestock (api/livestock/)"). */
export const partiesApi: ApiRouter = apiRouter()
  .openapi(
    get(
      PARTIES_API.GetSuppliers,
      "Suppliers by name; `q` searches name, location, PIC, contact",
      {
        query: ListQuery,
      },
      z.array(Supplier),
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).listSuppliers(c.req.valid("query").q), 200),
  )
  .openapi(
    get(PARTIES_API.GetSupplier, "One supplier", { params: IdParam }, Supplier, PARTIES_READ),
    async (c) => c.json(await (await service(c)).getSupplier(c.req.valid("param").id), 200),
  )
  .openapi(
    get(
      PARTIES_API.GetSuppliersLatest,
      "Suppliers changed after `since` and the newest change: re-read only when it is newer than your copy",
      { query: SuppliersLatestQuery },
      SuppliersLatest,
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).suppliersLatest(c.req.valid("query").since), 200),
  )
  .openapi(
    post(
      PARTIES_API.UpsertSupplier,
      "Add or edit a supplier (needs the supplier admin permission)",
      SupplierBody,
      Supplier,
      { ...PARTIES_READ, edit: "supplier" },
    ),
    async (c) => c.json(await (await service(c)).upsertSupplier(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      PARTIES_API.GetStakeholders,
      "Stakeholders (agents, feedlots, saleyards…) by name",
      {
        query: ListQuery,
      },
      z.array(Stakeholder),
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).listStakeholders(c.req.valid("query").q), 200),
  )
  .openapi(
    get(
      PARTIES_API.GetStakeholder,
      "One stakeholder",
      { params: IdParam },
      Stakeholder,
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).getStakeholder(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      PARTIES_API.UpsertStakeholder,
      "Add or edit a stakeholder (needs the stakeholder admin permission)",
      StakeholderBody,
      Stakeholder,
      { ...PARTIES_READ, edit: "stakeholder" },
    ),
    async (c) => c.json(await (await service(c)).upsertStakeholder(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      PARTIES_API.GetBuyers,
      "Buyers by name (soft-deleted ones only with includeDeleted=true)",
      {
        query: BuyersQuery,
      },
      z.array(Buyer),
      PARTIES_READ,
    ),
    async (c) => {
      const { q, includeDeleted } = c.req.valid("query");
      return c.json(await (await service(c)).listBuyers(q, includeDeleted === "true"), 200);
    },
  )
  .openapi(
    get(PARTIES_API.GetBuyer, "One buyer", { params: IdParam }, Buyer, PARTIES_READ),
    async (c) => c.json(await (await service(c)).getBuyer(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      PARTIES_API.UpsertBuyer,
      "Add, edit or soft-delete (isSoftDeleted) a buyer (needs the buyer admin permission)",
      BuyerBody,
      Buyer,
      { ...PARTIES_READ, edit: "buyer" },
    ),
    async (c) => c.json(await (await service(c)).upsertBuyer(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      PARTIES_API.GetTransportCompanies,
      "Transport companies by name",
      { query: ListQuery },
      z.array(TransportCompany),
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).listTransportCompanies(c.req.valid("query").q), 200),
  )
  .openapi(
    get(
      PARTIES_API.GetTransportCompany,
      "One transport company",
      { params: IdParam },
      TransportCompany,
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).getTransportCompany(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      PARTIES_API.UpsertTransportCompany,
      "Add or edit a transport company (needs the transport admin permission)",
      TransportCompanyBody,
      TransportCompany,
      { ...PARTIES_READ, edit: "transportCompany" },
    ),
    async (c) => c.json(await (await service(c)).upsertTransportCompany(c.req.valid("json")), 200),
  );
