/** The tester's home (/tester): the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { TESTER_PAGES } from "./routes.ts";

export const superTesterArea = defineArea({ name: "super › tester", pages: TESTER_PAGES });
