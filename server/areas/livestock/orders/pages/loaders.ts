/** What the order screens' loaders share: a record id from the path and a group with the form's choices. */
import type { PageContext } from "../../../../pages/context.ts";
import { ApiError } from "../../../../http/errors.ts";
import { pageAreaContext } from "../../../context.ts";
import { groupById } from "../queries.ts";
import { formChoices } from "./OrderFormFields.tsx";

/** A path segment that must be a record id: anything else is a 404, like an unknown id. */
export function recordId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw ApiError.notFound();
  return id;
}

/** An order group with the order form's choices (the group page and the new-order page). */
export async function groupWithChoices(context: PageContext, param: string | undefined) {
  const [group, choices] = await Promise.all([
    pageAreaContext(context).then((ctx) => groupById(ctx, recordId(param))),
    formChoices(context),
  ]);
  return { group, choices };
}
