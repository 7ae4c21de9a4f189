import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../env.ts";
import { apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { areaContextOf } from "../../context.ts";
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

const tags = ["Livestock: suppliers, buyers, transport, stakeholders"];
const { get, post } = areaRoutes(tags);
// The buy home's tabs and the producer's lists use these; writes need the record's admin permission.
const PARTIES_READ: AccessRule = { pages: ["livestock", "suppliers", "buyers"] };
const service = async (c: Context<AppEnv>) => new PartyService(await areaContextOf(c));

/** Master data of livestock buying (spec 1 §7 "Livestock (api/livestock/)"). */
export const partiesApi = apiRouter()
  .openapi(
    get(
      "/api/livestock/GetSuppliers",
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
    get("/api/livestock/GetSupplier/{id}", "One supplier", { params: IdParam }, Supplier, PARTIES_READ),
    async (c) => c.json(await (await service(c)).getSupplier(c.req.valid("param").id), 200),
  )
  .openapi(
    get(
      "/api/livestock/GetSuppliersLatest",
      "Suppliers changed after `since` and the newest change: re-read only when it is newer than your copy",
      { query: SuppliersLatestQuery },
      SuppliersLatest,
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).suppliersLatest(c.req.valid("query").since), 200),
  )
  .openapi(
    post(
      "/api/livestock/UpsertSupplier",
      "Add or edit a supplier (needs the supplier admin permission)",
      SupplierBody,
      Supplier,
      { ...PARTIES_READ, edit: "supplier" },
    ),
    async (c) => c.json(await (await service(c)).upsertSupplier(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      "/api/livestock/GetStakeholders",
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
      "/api/livestock/GetStakeholder/{id}",
      "One stakeholder",
      { params: IdParam },
      Stakeholder,
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).getStakeholder(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      "/api/livestock/UpsertStakeholder",
      "Add or edit a stakeholder (needs the stakeholder admin permission)",
      StakeholderBody,
      Stakeholder,
      { ...PARTIES_READ, edit: "stakeholder" },
    ),
    async (c) => c.json(await (await service(c)).upsertStakeholder(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      "/api/livestock/GetBuyers",
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
    get("/api/livestock/GetBuyer/{id}", "One buyer", { params: IdParam }, Buyer, PARTIES_READ),
    async (c) => c.json(await (await service(c)).getBuyer(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      "/api/livestock/UpsertBuyer",
      "Add, edit or soft-delete (isSoftDeleted) a buyer (needs the buyer admin permission)",
      BuyerBody,
      Buyer,
      { ...PARTIES_READ, edit: "buyer" },
    ),
    async (c) => c.json(await (await service(c)).upsertBuyer(c.req.valid("json")), 200),
  )
  .openapi(
    get(
      "/api/livestock/GetTransportCompanies",
      "Transport companies by name",
      { query: ListQuery },
      z.array(TransportCompany),
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).listTransportCompanies(c.req.valid("query").q), 200),
  )
  .openapi(
    get(
      "/api/livestock/GetTransportCompany/{id}",
      "One transport company",
      { params: IdParam },
      TransportCompany,
      PARTIES_READ,
    ),
    async (c) => c.json(await (await service(c)).getTransportCompany(c.req.valid("param").id), 200),
  )
  .openapi(
    post(
      "/api/livestock/UpsertTransportCompany",
      "Add or edit a transport company (needs the transport admin permission)",
      TransportCompanyBody,
      TransportCompany,
      { ...PARTIES_READ, edit: "transportCompany" },
    ),
    async (c) => c.json(await (await service(c)).upsertTransportCompany(c.req.valid("json")), 200),
  );
