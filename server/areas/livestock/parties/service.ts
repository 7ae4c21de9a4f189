/**
 * What other areas use of the parties: the supplier list (the settings' location page) and the row
 * mapping the super user's initial load shares (mapping.ts).
 */
export { LIST_LIMIT, listSuppliers } from "./queries.ts";
export { partyRow, toStakeholder, toSupplier } from "./mapping.ts";
