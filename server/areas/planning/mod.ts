/**
 * Production planning (issue 41; spec 3 §2.2): the catalogue (products, specifications, recipes, sales
 * orders), carcass groups, the schedule builder's cut plans and the schedules released to the boning
 * rooms, each a sub-area of its own.
 */
import { defineArea } from "../area.ts";
import { carcassGroupsArea } from "./groups/mod.ts";
import { builderArea } from "./builder/mod.ts";
import { schedulesArea } from "./schedules/mod.ts";
import { productsArea } from "./products/mod.ts";
import { specificationsArea } from "./specifications/mod.ts";
import { recipesArea } from "./recipes/mod.ts";
import { salesOrdersArea } from "./salesOrders/mod.ts";
import { comparisonArea } from "./comparison/mod.ts";
import { bulkArea } from "./bulk/mod.ts";

export const planningArea = defineArea({
  name: "production planning",
  parts: [
    productsArea,
    specificationsArea,
    recipesArea,
    salesOrdersArea,
    carcassGroupsArea,
    builderArea,
    schedulesArea,
    comparisonArea,
    bulkArea,
  ],
});
