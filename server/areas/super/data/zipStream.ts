/**
 * A zip written as it is read: each file is deflated as its parts arrive and the bytes go to the reader,
 * so a tenant's data of any size passes through in pages and never sits whole in memory. The reader's
 * pace holds the writer back (pull: the next page is read when the reader wants more).
 */
import { Zip, ZipDeflate } from "fflate";

/** A file of the zip: its name and its parts, made one at a time. */
export interface ZipEntry {
  name: string;
  parts: () => AsyncIterable<string>;
}

export function zipStream(entries: () => AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let zip: Zip;
  let steps: AsyncGenerator<void>;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        if (chunk.length) (controller.enqueue(chunk), sent++);
        if (final) controller.close();
      });
      steps = (async function* () {
        for await (const entry of entries()) {
          const file = new ZipDeflate(entry.name, { level: 6 });
          zip.add(file);
          for await (const part of entry.parts()) {
            file.push(encoder.encode(part));
            yield;
          }
          file.push(new Uint8Array(), true);
        }
        zip.end();
      })();
    },
    async pull() {
      // pages until the zip hands over bytes (deflate keeps small ones back): a pull that enqueues
      // nothing is not called again
      const before = sent;
      while (sent === before && !(await steps.next()).done);
    },
    async cancel() {
      await steps.return(undefined);
    },
  }, { highWaterMark: 1 });
}
