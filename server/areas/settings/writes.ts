/**
 * The settings area's writes other areas call (it owns siteLocations and stockSettings). Each function
 * takes the caller's `Unit` first and writes only these tables, so it joins the caller's transaction.
 * Shared file: append a function; never rewrite or reorder the others.
 */
export {};
