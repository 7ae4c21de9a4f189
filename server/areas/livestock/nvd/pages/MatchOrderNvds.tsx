/**
 * Match Order NVDs (spec 1 §2 matchOrderNVDs): upload an NVD, then three lists: NVDs waiting for an
 * order with the suggested orders and why, the orders delivered in the period without an NVD, and
 * matched NVDs whose head differs from the head delivered. Server rendered; the upload form and the
 * match buttons are islands that start when reached for.
 */
import { z } from "zod";
import { href } from "../../../../access/routes.ts";
import { canSeeRouteNamed } from "../../../../access/policy.ts";
import { isoDate } from "../../../../http/validation.ts";
import { ActionButton, NvdUpload } from "../../../../pages/islands.tsx";
import { LiveStatus } from "../../../../pages/LiveStatus.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { Table } from "../../../../../client/ui/Table.tsx";
import { NVD_API } from "../api.ts";
import { NVD_FILE_MAX_BYTES } from "../operations.ts";
import { nvdMatching } from "../queries.ts";

const Search = z.object({ fromDate: isoDate.optional(), toDate: isoDate.optional() });

const LISTS_ID = "nvd-lists";

type Nvd = Awaited<ReturnType<typeof nvdMatching>>["unmatched"][number]["nvd"];

function NvdFacts({ nvd }: { nvd: Nvd }) {
  return (
    <>
      <strong>{nvd.serialNumber}</strong>
      <span className="muted small">
        {" · "}
        {nvd.pic || "no PIC"} · {formatDate(nvd.nvdDate)} · {formatHead(nvd.head)} head
        {nvd.description ? ` (${nvd.description})` : ""}
      </span>
      {nvd.nvdPdfUrl && (
        <>
          {" "}
          <a href={nvd.nvdPdfUrl} className="small">View NVD{nvd.fileName ? `: ${nvd.fileName}` : ""}</a>
        </>
      )}
    </>
  );
}

export const MatchOrderNvdsScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => ({
    matching: await nvdMatching(await pageAreaContext(context), search),
    canOpenOrders: canSeeRouteNamed(context.caller!.subject, "order"),
    today: (await pageAreaContext(context)).today,
    // a match or unmatch in another window is an order change (deliveryStatusUpdated): the lists re-read
    liveGroups: context.caller!.subject.modules.includes("livestock") ? ["Deliveries"] : [],
  }),
  component: ({ data }) => {
    const { matching } = data;
    const path = href("matchOrderNVDs");
    const orderLink = (id: number, words: string) =>
      data.canOpenOrders ? <a href={href("order", { id })}>{words}</a> : words;
    return (
      <div className="nvd-page">
        <section className="panel" aria-labelledby="nvd-upload-title">
          <h2 id="nvd-upload-title">Upload an NVD</h2>
          <p className="muted small">
            Type the serial number, PIC, date and head from the NVD and choose its PDF or a photo. An NVD
            whose serial number is one order's NVD number is matched at once; the others wait below with
            suggestions.
          </p>
          <NvdUpload
            uploadUrl={NVD_API.uploadNvd}
            today={data.today}
            maxBytes={NVD_FILE_MAX_BYTES}
            reloadTo={path}
          />
        </section>

        {data.liveGroups.length > 0 && <LiveStatus groups={data.liveGroups} date="" target={LISTS_ID} />}
        <div id={LISTS_ID}>
          <section className="panel" aria-labelledby="nvd-unmatched-title">
            <h2 id="nvd-unmatched-title">NVDs without an order ({matching.unmatched.length})</h2>
            <Table
              rows={matching.unmatched}
              rowKey={(u) => u.nvd.id}
              empty="Every NVD received is matched to an order."
              columns={[
                { header: "NVD", cell: (u) => <NvdFacts nvd={u.nvd} /> },
                {
                  header: "Suggested orders",
                  cell: (u) =>
                    u.suggestions.length
                      ? (
                        <ul className="nvd-suggestions">
                          {u.suggestions.map((s) => (
                            <li key={s.livestockOrderId}>
                              <span>{orderLink(s.livestockOrderId, s.order)}</span>
                              <span className="muted small nvd-reason">{s.reason}</span>
                              <ActionButton
                                label="Match"
                                url={NVD_API.matchNvd}
                                body={{
                                  nvdDocumentId: u.nvd.id,
                                  livestockOrderId: s.livestockOrderId,
                                  lastModified: u.nvd.lastModified,
                                }}
                                successToast={`NVD ${u.nvd.serialNumber} was matched to order ${s.livestockOrderId}.`}
                              />
                            </li>
                          ))}
                        </ul>
                      )
                      : <span className="muted">No order of the same serial, or PIC near its date.</span>,
                },
              ]}
            />
          </section>

          <section className="panel" aria-labelledby="nvd-orders-title">
            <div className="panel-head">
              <h2 id="nvd-orders-title">
                Orders without an NVD ({matching.ordersWithoutNvd.length}), delivered{" "}
                {formatDate(matching.fromDate, false)} to {formatDate(matching.toDate, false)}
              </h2>
              <form method="get" action={path} className="inline-form no-print">
                <label>
                  <span className="sr-only">From</span>
                  <input className="input" type="date" name="fromDate" defaultValue={matching.fromDate} />
                </label>
                <label>
                  <span className="sr-only">To</span>
                  <input className="input" type="date" name="toDate" defaultValue={matching.toDate} />
                </label>
                <button className="btn" type="submit">Show</button>
              </form>
            </div>
            <Table
              rows={matching.ordersWithoutNvd}
              rowKey={(o) => o.livestockOrderId}
              empty="Every order delivered in these days has its NVD."
              columns={[
                { header: "Order", cell: (o) => orderLink(o.livestockOrderId, o.order) },
                { header: "NVD number", cell: (o) => o.nvd || "—" },
                { header: "PIC", cell: (o) => o.pic || "—" },
                { header: "Delivered", className: "num", cell: (o) => formatHead(o.totalDelivered) },
              ]}
            />
          </section>

          <section className="panel" aria-labelledby="nvd-mismatch-title">
            <h2 id="nvd-mismatch-title">Head counts that differ ({matching.mismatched.length})</h2>
            <Table
              rows={matching.mismatched}
              rowKey={(m) => m.nvd.id}
              empty="Every matched NVD's head agrees with the head delivered."
              columns={[
                { header: "NVD", cell: (m) => <NvdFacts nvd={m.nvd} /> },
                { header: "Order", cell: (m) => orderLink(m.nvd.livestockOrderId!, m.order) },
                { header: "Head", cell: (m) => m.words },
                {
                  header: "Actions",
                  srOnly: true,
                  cell: (m) => (
                    <ActionButton
                      label="Unmatch"
                      url={NVD_API.unmatchNvd}
                      body={{ nvdDocumentId: m.nvd.id, lastModified: m.nvd.lastModified }}
                      confirm={`Take NVD ${m.nvd.serialNumber} off order ${m.nvd.livestockOrderId}?`}
                      successToast={`NVD ${m.nvd.serialNumber} was unmatched.`}
                    />
                  ),
                },
              ]}
            />
          </section>
        </div>
      </div>
    );
  },
});
