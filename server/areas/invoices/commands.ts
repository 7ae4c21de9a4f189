/**
 * What areas outside invoices still import from here, until they move (issue 37): the kill floor's
 * commands call recomputeDrafts (now writes.ts: prefer refigureDrafts, which announces), and the
 * storage API's upload makes an `InvoiceCommands` for attachPublishedReport (now the operation
 * operations/attachPublishedReport.ts). Delete this file once neither imports it.
 */
import type { AreaContext } from "../context.ts";
import { attachPublishedReport } from "./operations/attachPublishedReport.ts";

export { recomputeDrafts } from "./writes.ts";

/** @deprecated call attachPublishedReport(ctx, …) from operations/attachPublishedReport.ts */
export class InvoiceCommands {
  constructor(private readonly ctx: AreaContext) {}

  attachPublishedReport(id: number, content: ReadableStream<Uint8Array>, publishedAt?: string | null) {
    return attachPublishedReport(this.ctx, id, content, publishedAt);
  }
}
