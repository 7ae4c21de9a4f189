/** The invoicing settings API's paths (spec 2 §7.4 api/settings/): one spelling for routes and pages. */
const base = "/api/settings";
export const INVOICE_SETTINGS_API = {
  levies: `${base}/GetLevySettings`,
  levy: `${base}/GetLevySetting`,
  upsertLevy: `${base}/UpsertLevySetting`,
  deleteLevy: `${base}/DeleteLevySetting`,
  defects: `${base}/GetDefectDetails`,
  defect: `${base}/GetDefectDetail/{id}`,
  upsertDefect: `${base}/UpsertDefectDetail`,
  archiveDefect: `${base}/ArchiveDefectDetail`,
  carcassDefects: `${base}/GetCarcassDefects`,
} as const;

/** The settings screens' paths (server/access/routes/settings.ts). */
export const INVOICE_SETTINGS_PATHS = {
  list: "/settings/invoicesettings",
  newLevy: "/settings/invoicesettings/newLevy",
  levy: (
    l: {
      levyType: string;
      tenantSiteId: number;
      speciesCategoryId: number;
      startDate: string;
      description: string;
    },
    copy = false,
  ) =>
    `/settings/invoicesettings/levies/${l.levyType}/${l.tenantSiteId}/${l.speciesCategoryId}/${l.startDate}` +
    (l.description || copy ? `/${encodeURIComponent(l.description || "-")}` : "") + (copy ? "/copy" : ""),
  newDefect: "/settings/invoicesettings/newDefectDetail",
  carcassDefects: "/settings/carcassdefects",
  defect: (id: number) => `/settings/invoicesettings/defectDetails/${id}`,
};
