/**
 * Find: the area's record (server/areas/area.ts). It owns no table: the areas that number or name
 * records offer them (Area.finds) and it asks each the caller may open.
 */
import { defineArea } from "../area.ts";
import { findApi } from "./api.ts";
import { FIND_PAGES } from "./routes.ts";

export const findArea = defineArea({
  name: "find",
  api: [findApi],
  pages: FIND_PAGES,
});
