import { definePages } from "../../pages/screen.ts";
import { FindScreen } from "./pages/Find.tsx";

/** home/find (server/access/routes/home.ts). */
export const FIND_PAGES = definePages({ find: FindScreen });
