/** The skins area's services for its pages (made per request from the page's caller). */
import { pageService } from "../../context.ts";
import type { PageContext } from "../../../pages/context.ts";
import { SkinGradeService } from "../counts.ts";
import { SkinPriceService } from "../prices.ts";

export const gradeService = (context: PageContext) => pageService(context, SkinGradeService);
export const priceService = (context: PageContext) => pageService(context, SkinPriceService);
