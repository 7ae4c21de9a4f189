/**
 * Which species the caller invoices: their scope's species, narrowed by the invoicing user setting. Every
 * invoice read and write checks its species here (403 for another species: the invoice exists, the
 * setting leaves it out).
 */
import { defaultSpeciesId } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import { userSettingValue } from "../../../access/flags.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { type InvoiceRow, invoiceRow } from "../inputs.ts";

/** Sheep: the invoice screens' default species (spec 2 §9). */
export const DEFAULT_INVOICE_SPECIES = 1;

/** The species the caller may invoice: their species, narrowed by the invoicing user setting. */
export function invoicingSpecies(ctx: AreaContext): { id: number; name: string }[] {
  const setting = userSettingValue(ctx.caller.subject, "invoicing") as
    | { allowedSpeciesIds?: unknown }
    | undefined;
  const allowed = Array.isArray(setting?.allowedSpeciesIds) && setting.allowedSpeciesIds.length
    ? new Set(setting.allowedSpeciesIds.map(Number))
    : null;
  return ctx.scope.species.filter((s) => !allowed || allowed.has(s.id));
}

/**
 * The species asked for, if the caller may invoice it (403 otherwise); by default the one chosen in the
 * header, else Sheep, else their first.
 */
export function invoiceSpecies(ctx: AreaContext, speciesId?: number | null): number {
  const species = invoicingSpecies(ctx);
  if (speciesId === undefined || speciesId === null) {
    const header = defaultSpeciesId(ctx.caller);
    return species.find((s) => s.id === header)?.id ??
      species.find((s) => s.id === DEFAULT_INVOICE_SPECIES)?.id ?? species[0]?.id ??
      DEFAULT_INVOICE_SPECIES;
  }
  if (!species.some((s) => s.id === speciesId)) {
    throw ApiError.forbidden("Your invoicing setting does not include that species.");
  }
  return speciesId;
}

/** An invoice the caller may see (404 if none, 403 when its species is outside their invoicing). */
export async function invoiceOf(
  ctx: AreaContext,
  id: number,
  db: AreaContext["db"] | TenantTx = ctx.db,
): Promise<InvoiceRow> {
  const row = await invoiceRow(db, id);
  invoiceSpecies(ctx, row.speciesId);
  return row;
}

/** Who the caller is, as an invoice records its creator, publisher and finaliser. */
export function who(ctx: AreaContext): string {
  const u = ctx.caller.user;
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}
