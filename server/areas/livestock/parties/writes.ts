/**
 * The parties area's writes that other areas call (it owns suppliers, stakeholders, buyers and
 * transportCompanies): each takes the caller's `unit` first, so it joins their transaction. Shared
 * file: append, never rewrite or reorder.
 */
