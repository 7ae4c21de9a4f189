import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import {
  deleteCarcassType,
  getCarcassType,
  listBoningRooms,
  listCarcassTypes,
  listCutSpecifications,
  listSpecificationTypes,
  saveCarcassType,
  saveCutSpecifications,
  saveSpecificationType,
  segmentsAt,
  specificationCategories,
} from "./operations.ts";
import {
  BoningRoom,
  CarcassType,
  Categories,
  CutSpecification,
  DeleteBody,
  IdParam,
  Segment,
  SpeciesQuery,
  SpecificationType,
  UpsertCarcassTypeBody,
  UpsertCutSpecificationsBody,
  UpsertSpecificationTypeBody,
} from "./schemas.ts";

export const SPECS_API = {
  upsertType: "/api/planning/UpsertSpecificationType",
  upsertCarcassType: "/api/planning/UpsertCarcassType",
  deleteCarcassType: "/api/planning/DeleteCarcassType",
  upsertCutSpecifications: "/api/planning/UpsertCutSpecifications",
} as const;

// Read by the settings tabs, the recipes and the builder; changed in the super-only settings tabs.
const READ: AccessRule = {
  pages: ["settingsSpecifications", "settingsCarcasses", "recipes", "schedulebuilder", "productdefinitions"],
};
const WRITE: AccessRule = { pages: ["settingsSpecifications", "settingsCarcasses"] };

const api = areaApi(["Planning: specifications"]);

api.get(
  "/api/planning/SpecificationCategories",
  "Specification categories and the kill floor fields a rule may judge",
  {},
  Categories,
  READ,
  specificationCategories,
);
api.get(
  "/api/planning/SpecificationTypes",
  "Product specification types",
  {},
  z.array(SpecificationType),
  READ,
  listSpecificationTypes,
);
api.post(
  SPECS_API.upsertType,
  "Add or edit a specification type (category Unknown 0 is refused)",
  UpsertSpecificationTypeBody,
  SpecificationType,
  WRITE,
  saveSpecificationType,
);
api.get(
  "/api/planning/CarcassTypes",
  "Carcass types of your species with their specifications",
  { query: SpeciesQuery },
  z.array(CarcassType),
  READ,
  listCarcassTypes,
);
api.get(
  "/api/planning/CarcassType/{id}",
  "One carcass type with its specifications",
  { params: IdParam },
  CarcassType,
  READ,
  (ctx, { id }) => getCarcassType(ctx, id),
);
api.post(
  SPECS_API.upsertCarcassType,
  "Add or edit a carcass type and its specifications (rules on kill floor fields, §4 units; a carcass meets the type when it passes all)",
  UpsertCarcassTypeBody,
  CarcassType,
  WRITE,
  saveCarcassType,
);
api.post(
  SPECS_API.deleteCarcassType,
  "Delete a carcass type and its specifications",
  DeleteBody,
  z.object({ id: z.number() }),
  WRITE,
  deleteCarcassType,
);
api.get(
  "/api/planning/CutSpecifications",
  "Specifications on primals and cuts",
  { query: SpeciesQuery },
  z.array(CutSpecification),
  READ,
  listCutSpecifications,
);
api.post(
  SPECS_API.upsertCutSpecifications,
  "Set the specifications of one primal or cut",
  UpsertCutSpecificationsBody,
  z.array(CutSpecification),
  WRITE,
  saveCutSpecifications,
);
api.get(
  "/api/planning/PrimalTypes",
  "Primals of your species (yield's primal segments)",
  { query: SpeciesQuery },
  z.array(Segment),
  READ,
  (ctx, q) => segmentsAt(ctx, "primal", q),
);
api.get(
  "/api/planning/CutTypes",
  "Cuts of your species (yield's cut segments)",
  { query: SpeciesQuery },
  z.array(Segment),
  READ,
  (ctx, q) => segmentsAt(ctx, "cut", q),
);
api.get(
  "/api/planning/BoningRooms",
  "Boning rooms of your sites",
  {},
  z.array(BoningRoom),
  READ,
  listBoningRooms,
);

export const specificationsApi = api.router();
