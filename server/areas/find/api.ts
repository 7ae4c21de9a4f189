/** Find (ours): what the areas number or name (Area.finds), looked up by number, name, PIC or tag. */
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import { find } from "./operations.ts";
import { FindAnswer, FindParams } from "./schemas.ts";

export const FIND_API = { find: "/api/home/Find" } as const;

const FIND: AccessRule = { pages: ["find"] };
const api = areaApi(["Find"]);

api.get(
  FIND_API.find,
  "Records matching what was typed: an order or invoice number, an NVD, a lot, a supplier's or stakeholder's name, PIC or ABN, an NLIS tag, a person (admins); orders, mobs still in a yard, invoices, carcasses, parties and users, at most 8 of each kind, only kinds the caller may open",
  { query: FindParams },
  FindAnswer,
  FIND,
  (ctx, q) => find(ctx, q.q),
);

export const findApi = api.router();
