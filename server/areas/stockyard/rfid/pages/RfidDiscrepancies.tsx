/**
 * Livestock › RFID discrepancies (spec 1 §2 livestock rfidDiscrepancies, behind the tenant setting of that
 * name): the orders delivered in a period whose NLIS devices do not add up — read at the race against live
 * head received, and against the devices the kill floor recorded — and, for a chosen order, the devices
 * to chase before the NLIS transfer is lodged. Server-rendered tables and a GET form: no React.
 */
import { z } from "zod";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDate, formatHead } from "../../../../../kernel/format.ts";
import { idNumber } from "../../../../http/params.ts";
import { isoDate } from "../../../../http/validation.ts";
import { pageAreaContext } from "../../../context.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { countErrors, MAX_RFID_DAYS, orderDiscrepancies } from "../operations.ts";
import type { RfidCountError, RfidOrderDiscrepancies } from "../schemas.ts";
import { FilterSelect } from "../../../../../client/ui/FilterControls.tsx";
import { PeriodForm } from "../../../../../client/ui/PeriodForm.tsx";

const PATH = "/home/livestock/rfidDiscrepancies";

const signed = (n: number) => (n > 0 ? `+${formatHead(n)}` : formatHead(n));

/** "982 000123456789" as printed on the tag. */
const spaced = (device: string) =>
  /^\d{15}$/.test(device) ? `${device.slice(0, 3)} ${device.slice(3)}` : device;

function DeviceList({ title, devices, empty }: { title: string; devices: string[]; empty: string }) {
  return (
    <section aria-label={title} className="rfid-devices">
      <h3>{title} ({devices.length})</h3>
      {devices.length
        ? (
          <ul className="device-list">
            {devices.map((d) => (
              <li key={d}>
                <code>{spaced(d)}</code>
              </li>
            ))}
          </ul>
        )
        : <p className="muted small">{empty}</p>}
    </section>
  );
}

function OrderPanel({ d, row }: { d: RfidOrderDiscrepancies; row?: RfidCountError }) {
  return (
    <section className="panel" aria-label={`Order ${d.livestockOrderId} devices`}>
      <h2>
        Order {d.livestockOrderId}
        {row ? `: ${row.supplierName}${row.lotReference ? `, lot ${row.lotReference}` : ""}` : ""}
      </h2>
      <p>
        {formatHead(d.read)} devices read at the race for {formatHead(d.liveHead)} live head
        {d.read === d.liveHead ? "." : ` (${signed(d.read - d.liveHead)}).`}{" "}
        {d.killComplete ? "The kill is complete." : "Not all of it is killed yet."}
      </p>
      <div className="rfid-grid">
        <DeviceList
          title="Killed but never read"
          devices={d.killedNotRead}
          empty="Every device the kill floor recorded was read at the race."
        />
        <DeviceList
          title="Read but not killed"
          devices={d.readNotKilled}
          empty={d.killComplete ? "Every device read was killed." : "Shown once the kill is complete."}
        />
      </div>
      {d.alsoOnOtherOrders.length > 0 && (
        <section aria-label="Read on another order">
          <h3>Also read on another order ({d.alsoOnOtherOrders.length})</h3>
          <ul className="device-list">
            {d.alsoOnOtherOrders.map((o) => (
              <li key={`${o.rfid}-${o.livestockOrderId}`}>
                <code>{spaced(o.rfid)}</code> on{" "}
                <a href={`${PATH}?orderId=${o.livestockOrderId}`}>order {o.livestockOrderId}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** The devices an order's row points at, in words. */
function toChase(r: RfidCountError) {
  const parts = [
    r.killedNotRead ? `${formatHead(r.killedNotRead)} killed, not read` : "",
    r.readNotKilled ? `${formatHead(r.readNotKilled)} read, not killed` : "",
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : <span className="muted">the count only</span>;
}

/** rfidDiscrepancies */
export const RfidDiscrepanciesScreen = defineScreen({
  validateSearch: z.object({
    fromDate: isoDate.optional(),
    toDate: isoDate.optional(),
    speciesId: idNumber().optional(),
    orderId: idNumber().optional(),
  }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const { orderId, ...period } = search;
    const [report, order] = await Promise.all([
      countErrors(ctx, period),
      orderId ? orderDiscrepancies(ctx, orderId) : Promise.resolve(null),
    ]);
    return { report, order, speciesId: search.speciesId ?? null };
  },
  component: ({ data, context }) => {
    const { report, order } = data;
    const link = (orderId: number) =>
      `${PATH}?fromDate=${report.fromDate}&toDate=${report.toDate}${
        data.speciesId ? `&speciesId=${data.speciesId}` : ""
      }&orderId=${orderId}`;
    return (
      <>
        <section className="panel" aria-label="RFID count errors">
          <h2>RFID count errors</h2>
          <PeriodForm
            id="rfid"
            fromDate={report.fromDate}
            toDate={report.toDate}
            label="Choose the deliveries"
          >
            <FilterSelect
              id="rfid-species"
              label="Species"
              name="speciesId"
              defaultValue={data.speciesId ?? ""}
              empty="All"
              options={context.caller!.species.map((s) => [s.id, s.name])}
            />
          </PeriodForm>
          <p className="muted small">
            Deliveries from {formatDate(report.fromDate)} to {formatDate(report.toDate)} (at most{" "}
            {MAX_RFID_DAYS} days): {formatHead(report.ordersChecked)}{" "}
            orders checked — cattle always, other species when their devices were read. Fix these before
            lodging the NLIS transfer.
          </p>
          <div className="table-wrap">
            <Table
              rows={report.errors}
              rowKey={(r) => r.livestockOrderId}
              empty="Every order's devices add up."
              columns={[
                { header: "Order", cell: (r) => <a href={link(r.livestockOrderId)}>{r.livestockOrderId}</a> },
                {
                  header: "Supplier (PIC)",
                  cell: (r) => (
                    <>
                      {r.supplierName} <span className="muted nowrap">({r.pic})</span>
                    </>
                  ),
                },
                { header: "Delivered", cell: (r) => formatDate(r.deliveryDate, false) },
                { header: "Live head", cell: (r) => formatHead(r.liveHead) },
                { header: "Read", cell: (r) => formatHead(r.read) },
                {
                  header: "Difference",
                  cell: (r) => (
                    <span className={r.countDifference ? "badge badge-warning" : "muted"}>
                      {r.countDifference ? signed(r.countDifference) : "none"}
                    </span>
                  ),
                },
                { header: "To chase", cell: toChase },
              ]}
            />
          </div>
        </section>
        {order && (
          <OrderPanel
            d={order}
            row={report.errors.find((r) => r.livestockOrderId === order.livestockOrderId)}
          />
        )}
      </>
    );
  },
});
