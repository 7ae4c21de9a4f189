/** What the order screens' loaders share: the reads service and a record id from the path. */
import type { PageContext } from "../../../../pages/context.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageService } from "../../../context.ts";
import { OrderQueries } from "../queries.ts";
import { formChoices } from "./OrderFormFields.tsx";

export const orderQueries = (context: PageContext) => pageService(context, OrderQueries);

/** A path segment that must be a record id: anything else is a 404, like an unknown id. */
export function recordId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
  return id;
}

/** An order group with the order form's choices (the group page and the new-order page). */
export async function groupWithChoices(context: PageContext, param: string | undefined) {
  const [group, choices] = await Promise.all([
    (await orderQueries(context)).group(recordId(param)),
    formChoices(context),
  ]);
  return { group, choices };
}
