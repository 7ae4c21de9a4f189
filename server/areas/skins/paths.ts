/** The skin grading and skin/hide price API's paths (spec 2 §7.2, §7.3 api/livestock/) and screens. */
const base = "/api/livestock";
export const SKIN_API = {
  prices: `${base}/GetSkinPrices`,
  price: `${base}/GetSkinPrice/{id}`,
  upsertPrice: `${base}/UpsertSkinPrice`,
  archivePrice: `${base}/ArchiveSkinPrice`,
  upsertCounts: `${base}/UpsertSkinCountForOrdersForDate`,
  incomplete: `${base}/GetPagedIncompleteSkins`,
  incompleteInvoices: `${base}/GetPagedIncompleteInvoicesWithSkinData`,
  day: `${base}/GetSkinCountsForDate`,
  completed: `${base}/GetCompletedSkinInvoiceReport`,
  ofOrder: `${base}/GetSkinInvoiceDataByOrder/{orderId}`,
} as const;

/** The screens' paths (server/access/routes/settings.ts and home.ts). */
export const SKIN_PATHS = {
  prices: "/settings/skinprice",
  price: (p: { id: number; kind: string }) =>
    p.kind === "hide" ? `/settings/hideprice/${p.id}` : `/settings/skinprice/${p.id}`,
  newPrice: (speciesId: number) =>
    speciesId === 2 ? "/settings/newhideprice" : `/settings/newskinprice/${speciesId}`,
  copyPrice: (id: number) => `/settings/copyskinprice/${id}`,
  grade: "/home/skingrade",
  hideReport: "/home/hidereporting",
};
