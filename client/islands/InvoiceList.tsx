/**
 * The invoice manager's list for one tab, with its selection and actions (spec 2 §2.1, §4):
 * - to be created: pick killed mobs (or whole orders) and create or add to their order's draft;
 * - drafts: publish the chosen ones, or every publishable draft (service kill sheets when asked);
 * - with corrections: recompute the chosen drafts from the corrected kill floor data;
 * - published: unpublish or finalise the chosen ones (each confirmed first), download a PDF.
 * Bulk work shows its progress, and publishing asks first. After every action, and when another user's
 * invoice changes (coalesced: when several change at once, it reloads once), the list and the tabs'
 * counts are read again, keeping the selection of rows still there.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { withPush } from "../runtime/pushLater.ts";
import { Button } from "../ui/Button.tsx";
import { TabBar } from "../ui/TabBar.tsx";
import { plural } from "../ui/plural.ts";
import type { INVOICES_API, InvoiceSummary, ToBeCreatedRow } from "../../server/areas/invoices/rules.ts";
import { Invoices, type InvoiceTab as Tab, Orders } from "./invoice/InvoiceTables.tsx";

/** rows in each tab (null: not counted, the published tab's depend on its period) */
export type TabCounts = Record<Tab, number | null>;

export interface InvoiceListProps {
  tab: Tab;
  /** the manager's tabs, their links and how many rows each has when the page was made */
  tabs: readonly { key: Tab; title: string; href: string }[];
  counts: TabCounts;
  speciesId: number;
  fromDate: string;
  toDate: string;
  toBeCreated: ToBeCreatedRow[];
  invoices: InvoiceSummary[];
  /** the editor's path with `{id}` */
  editHref: string;
  api: typeof INVOICES_API;
  /** the plant's time zone */
  timeZone: string;
}

const COALESCE_MS = 400;

export default function InvoiceList(props: InvoiceListProps) {
  const { tab, api: paths } = props;
  const [orders, setOrders] = useState(props.toBeCreated);
  const [invoices, setInvoices] = useState(props.invoices);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<string | null>(null);
  const [serviceKill, setServiceKill] = useState(false);
  const reload = useRef<() => Promise<void>>(async () => {});

  const [counts, setCounts] = useState(props.counts);

  reload.current = async () => {
    const q = `speciesId=${props.speciesId}`;
    // both lists every time: the tabs' counts move with every create, publish and correction
    const [toBeCreated, drafts] = await Promise.all([
      api<ToBeCreatedRow[]>("GET", `${paths.toBeCreated}?${q}`),
      api<InvoiceSummary[]>("GET", `${paths.created}?${q}`),
    ]);
    const corrected = drafts.filter((r) => r.hasCorrections);
    setCounts({
      tobecreated: toBeCreated.length,
      created: drafts.length - corrected.length,
      corrections: corrected.length,
      published: null,
    });
    if (tab === "tobecreated") {
      setOrders(toBeCreated);
      keep(new Set(toBeCreated.flatMap((r) => r.stockMobs.map((m) => m.id))));
    } else {
      const rows = tab === "published"
        ? await api<InvoiceSummary[]>(
          "GET",
          `${paths.published}?${q}&fromDate=${props.fromDate}&toDate=${props.toDate}`,
        )
        : tab === "corrections"
        ? corrected
        : drafts.filter((r) => !r.hasCorrections);
      setInvoices(rows);
      keep(new Set(rows.map((r) => r.id)));
    }
  };
  const keep = (present: Set<number>) => setSelected((s) => new Set([...s].filter((id) => present.has(id))));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload.current().catch(() => {}), COALESCE_MS);
    };
    const stopPush = withPush((push) => {
      void push.register("Invoices");
      const offs = [
        "invoiceCreated",
        "invoiceUpdated",
        "invoicePublished",
        "invoiceUnpublished",
        "carcassDataComplete",
        "reconnected",
        "missed", // an event came between the page's render and this island joining its group
      ]
        .map((e) => push.on(e, soon));
      return () => {
        offs.forEach((off) => off());
        void push.deregister("Invoices");
      };
    });
    return () => {
      clearTimeout(timer);
      stopPush();
    };
  }, []);

  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  /** Runs one call per id, showing "Publishing 2 of 5…"; answers the ids that went through. */
  const each = async (verb: string, ids: number[], call: (id: number) => Promise<unknown>) => {
    const done: number[] = [];
    for (const [i, id] of ids.entries()) {
      setProgress(`${verb} ${i + 1} of ${ids.length}…`);
      try {
        await call(id);
        done.push(id);
      } catch { /* the api client toasted why */ }
    }
    setProgress(null);
    return done;
  };

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch {
      /* toasted by the api client */
    } finally {
      setProgress(null);
      await reload.current().catch(() => {});
    }
  };

  const selectedIds = [...selected];
  const create = () =>
    run(async () => {
      setProgress(`Creating invoices for ${plural(selectedIds.length, "mob")}…`);
      const r = await api<{ livestockInvoiceSummaryDtos: InvoiceSummary[] }>("POST", paths.createOrAdd, {
        stockMobIds: selectedIds,
      });
      setSelected(new Set());
      toast(
        "success",
        `${plural(r.livestockInvoiceSummaryDtos.length, "invoice")} created or added to. See Drafts.`,
      );
    });
  const publishChosen = () => {
    const question = `Publish ${plural(selectedIds.length, "invoice")}? ` +
      "Each is numbered and issued to its supplier, and its figures are then fixed.";
    if (!globalThis.confirm(question)) return;
    return run(async () => {
      const done = await each("Publishing", selectedIds, (id) => api("POST", paths.publish, { id }));
      if (done.length) toast("success", `${plural(done.length, "invoice")} published.`);
    });
  };
  const publishAll = () => {
    const question = `Publish every draft that is ready${serviceKill ? ", service kill sheets too" : ""}? ` +
      "Each is numbered and issued to its supplier, and its figures are then fixed.";
    if (!globalThis.confirm(question)) return;
    return run(async () => {
      setProgress("Publishing every publishable draft…");
      const r = await api<{ publishedIds: number[]; skipped: unknown[] }>("POST", paths.publishAll, {
        speciesId: props.speciesId,
        publishServiceKillSheets: serviceKill,
      });
      toast(
        r.publishedIds.length ? "success" : "info",
        `${plural(r.publishedIds.length, "invoice")} published${
          r.skipped.length ? `; ${plural(r.skipped.length, "draft")} cannot be published yet` : ""
        }.`,
      );
    });
  };
  const recompute = () =>
    run(async () => {
      const done = await each("Recomputing", selectedIds, (id) => api("POST", paths.compute, { id }));
      if (done.length) toast("success", `${plural(done.length, "invoice")} recomputed.`);
    });
  const unpublish = () => {
    if (!globalThis.confirm(`Unpublish ${plural(selectedIds.length, "invoice")}? They go back to drafts.`)) {
      return;
    }
    return run(async () => {
      setProgress("Unpublishing…");
      await api("POST", paths.unpublish, { ids: selectedIds });
      setSelected(new Set());
      toast("success", `${plural(selectedIds.length, "invoice")} unpublished.`);
    });
  };
  const finalise = () => {
    const question = `Finalise ${
      plural(selectedIds.length, "invoice")
    }? A finalised invoice can no longer change.`;
    if (!globalThis.confirm(question)) return;
    return run(async () => {
      setProgress("Finalising…");
      await api("POST", paths.finalise, { ids: selectedIds });
      setSelected(new Set());
      toast("success", `${plural(selectedIds.length, "invoice")} finalised.`);
    });
  };

  const selectable = useMemo(
    () =>
      tab === "tobecreated"
        ? orders.flatMap((o) => o.stockMobs.map((m) => m.id))
        : invoices.filter((i) => i.status !== "Finalised" && (tab !== "created" || i.isPublishable)).map((
          i,
        ) => i.id),
    [tab, orders, invoices],
  );
  const allOn = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const busy = progress !== null;

  return (
    <div className="invoice-list">
      <TabBar
        tabs={props.tabs.map((t) => ({
          key: t.key,
          title: counts[t.key] === null ? t.title : `${t.title} (${counts[t.key]})`,
        }))}
        current={tab}
        href={(key) => props.tabs.find((t) => t.key === key)!.href}
      />
      <div className="toolbar no-print" role="group" aria-label="Actions on the chosen rows">
        <label className="check">
          <input
            type="checkbox"
            checked={allOn}
            onChange={(e) => toggle(selectable, e.target.checked)}
            disabled={!selectable.length}
          />{" "}
          Choose all
        </label>
        {tab === "tobecreated" && (
          <Button variant="primary" onClick={create} disabled={busy || !selected.size}>
            Create invoices{selected.size ? ` (${plural(selected.size, "mob")})` : ""}
          </Button>
        )}
        {tab === "created" && (
          <>
            <Button variant="primary" onClick={publishChosen} disabled={busy || !selected.size}>
              Publish chosen{selected.size ? ` (${selected.size})` : ""}
            </Button>
            <Button onClick={publishAll} disabled={busy || !invoices.length}>Publish all</Button>
            <label className="check">
              <input
                type="checkbox"
                checked={serviceKill}
                onChange={(e) => setServiceKill(e.target.checked)}
              />{" "}
              with service kill sheets
            </label>
          </>
        )}
        {tab === "corrections" && (
          <Button variant="primary" onClick={recompute} disabled={busy || !selected.size}>
            Recompute chosen{selected.size ? ` (${selected.size})` : ""}
          </Button>
        )}
        {tab === "published" && (
          <>
            <Button onClick={unpublish} disabled={busy || !selected.size}>Unpublish</Button>
            <Button variant="primary" onClick={finalise} disabled={busy || !selected.size}>Finalise</Button>
          </>
        )}
        <span className="muted" role="status" aria-live="polite">{progress ?? ""}</span>
      </div>
      {tab === "tobecreated" ? <Orders rows={orders} selected={selected} toggle={toggle} /> : (
        <Invoices
          rows={invoices}
          tab={tab}
          selected={selected}
          toggle={toggle}
          editHref={props.editHref}
          pdfHref={paths.remittancePdf}
          timeZone={props.timeZone}
        />
      )}
    </div>
  );
}
