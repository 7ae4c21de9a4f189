/** The species' plant product codes as the map page offers them: each with the product it is mapped to. */
import { and, asc, eq } from "drizzle-orm";
import { productCodes, productDefinitionCodes } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";

export async function codeChoices(ctx: AreaContext, speciesId: number) {
  ctx.scope.assertSpecies(speciesId, "That species");
  const rows = await ctx.db.select({
    id: productCodes.id,
    code: productCodes.code,
    description: productCodes.description,
    productDefinitionId: productDefinitionCodes.productDefinitionId,
  }).from(productCodes)
    .leftJoin(productDefinitionCodes, eq(productDefinitionCodes.productCodeId, productCodes.id))
    .where(and(eq(productCodes.speciesId, speciesId), eq(productCodes.kind, "product")))
    .orderBy(asc(productCodes.code));
  return rows;
}
