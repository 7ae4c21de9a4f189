/**
 * Taking an upload into the store (storage offers it to every area that keeps files): a multipart upload
 * read as a stream (busboy): the text fields first, then one file whose bytes go straight on to the blob
 * store, so a file is never held whole in memory. The form must send its fields
 * before its file (browsers and FormData keep the order they were set in). Field names are matched without
 * regard to case (`FullBlobReference` and `fullBlobReference` both do).
 */
import busboy from "busboy";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { ApiError } from "../../../http/errors.ts";
import { isoDate } from "../../../http/validation.ts";
import { BlobTooLargeError } from "../../../storage/mod.ts";
import { formatBytes, headMatches, SNIFF_BYTES } from "../rules.ts";

export interface UploadedFile {
  /** the file's name on the sender's computer ("" when not sent) */
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

const FILE_FIELD = "file";
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024;

/**
 * Reads the form's fields (lower-cased names) and hands them with the file's stream to `onFile`, whose
 * answer is the upload's. A form without a file is a 400 in words; a body that is not multipart is 415.
 */
export function streamUpload<T>(
  c: Context,
  onFile: (fields: Record<string, string>, file: UploadedFile) => Promise<T>,
): Promise<T> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(type) || !c.req.raw.body) {
    throw new ApiError(415, "Send the file as a multipart form (multipart/form-data).");
  }
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        // browsers send a file's name as UTF-8 ("März.pdf"), not busboy's default Latin-1
        defParamCharset: "utf8",
        limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      });
    } catch {
      throw new ApiError(415, "Send the file as a multipart form (multipart/form-data).");
    }
    const source = Readable.fromWeb(c.req.raw.body as import("node:stream/web").ReadableStream);
    const fields: Record<string, string> = {};
    let handled: Promise<T> | null = null;
    let settled = false;
    const stop = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) {
        stop(ApiError.validation([{ field: name, message: "This value is too long" }]));
      } else fields[name.toLowerCase()] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name.toLowerCase() !== FILE_FIELD || handled) {
        stream.resume(); // a part we do not take is read past
        return;
      }
      const body = webStreamOf(stream);
      // a check that throws at once (a bad reference) rejects like one that fails later
      handled = (async () => await onFile(fields, { fileName: info.filename ?? "", body }))();
      handled.then((value) => {
        if (settled) return;
        settled = true;
        resolve(value);
      }, (error) => {
        stream.resume();
        stop(error);
      });
    });
    parser.on("error", () => stop(ApiError.badRequest("The form could not be read: send it again.")));
    parser.on("close", () => {
      if (!handled) stop(ApiError.validation([{ field: "File", message: "Choose a file to upload" }]));
    });
    source.on("error", (error) => stop(error));
    source.pipe(parser);
  });
}

/**
 * A file part as a web stream, pulled as the store writes (the part pauses while the store is behind).
 * Node's own adapter throws past a cancel (a refused upload); here a cancelled part is read past instead,
 * so the form's parser can finish.
 */
function webStreamOf(part: Readable): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      part.pause();
      part.on("data", (chunk: Uint8Array) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) part.pause();
      });
      part.on("end", () => {
        if (open) controller.close();
        open = false;
      });
      part.on("error", (error) => {
        if (open) controller.error(error);
        open = false;
      });
    },
    pull() {
      part.resume();
    },
    cancel() {
      open = false;
      part.resume();
    },
  }, { highWaterMark: 4 });
}

/**
 * The stream checked as it passes: its first bytes must be of the kind its name says (415), and it must
 * not be empty (400). Either error stops the store's write, which leaves nothing behind.
 */
export function checkedFile(body: ReadableStream<Uint8Array>, ext: string, refusal: string) {
  let head = new Uint8Array(0);
  let checked = false;
  const check = (controller: TransformStreamDefaultController<Uint8Array>) => {
    checked = true;
    if (!headMatches(ext, head)) controller.error(new ApiError(415, refusal));
    else controller.enqueue(head);
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (checked) return controller.enqueue(chunk);
        const joined = new Uint8Array(head.byteLength + chunk.byteLength);
        joined.set(head);
        joined.set(chunk, head.byteLength);
        head = joined;
        if (head.byteLength >= SNIFF_BYTES) check(controller);
      },
      flush(controller) {
        if (checked) return;
        if (head.byteLength === 0) {
          controller.error(ApiError.validation([{ field: "File", message: "The file is empty" }]));
        } else check(controller);
      },
    }),
  );
}

/** The stream's first `n` bytes (fewer when it is shorter) and the whole stream again, head included. */
export async function peekHead(body: ReadableStream<Uint8Array>, n: number) {
  const reader = body.getReader();
  let head = new Uint8Array(0);
  let done = false;
  while (head.byteLength < n && !done) {
    const next = await reader.read();
    if (next.done) done = true;
    else {
      const joined = new Uint8Array(head.byteLength + next.value.byteLength);
      joined.set(head);
      joined.set(next.value, head.byteLength);
      head = joined;
    }
  }
  const first = head;
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.byteLength) controller.enqueue(first);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head: first, body: whole };
}

// ---------- the form's text fields, and the store's refusal in words

/** 413 in words for a stream that went past its limit; other errors as they are. */
export function tooLargeInWords(error: unknown, what: string): unknown {
  if (!(error instanceof BlobTooLargeError)) return error;
  return new ApiError(413, `The ${what} is over ${formatBytes(error.maxBytes)}: it can be at most that.`);
}

/**
 * The spec's form names (§7.5: Id, Subcategory) beside ours: `Id` is the record (the invoice, the yard),
 * `Subcategory` the kind of record, which must be the one the call is about when it is sent.
 */
export function recordOf(fields: Record<string, string>, own: string, subcategories: readonly string[]) {
  const sub = fields.subcategory?.trim().toLowerCase();
  if (sub && !subcategories.includes(sub)) {
    throw ApiError.validation([{
      field: "Subcategory",
      message: `This upload is kept for ${subcategories[0]}: leave Subcategory out or send "${
        subcategories[0]
      }".`,
    }]);
  }
  return fields[own.toLowerCase()] ?? fields.id;
}

/** The optional PublishDate of an upload: a day or an instant. */
export const PublishDate = z.union([isoDate, z.iso.datetime({ offset: true })]);

/** A form's optional PublishDate: a day stays a day (shown without a time); an instant is kept in UTC. */
export function publishDateField(value: string | undefined): string | null {
  if (!value) return null;
  const date = PublishDate.safeParse(value);
  if (!date.success) {
    throw ApiError.validation([{ field: "PublishDate", message: "Give a date as yyyy-MM-dd" }]);
  }
  return date.data.length === 10 ? date.data : new Date(date.data).toISOString();
}
