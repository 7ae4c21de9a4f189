import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "@hono/zod-openapi";
import { ERROR_MESSAGES, ERROR_TITLES } from "./catalogue.ts";

/** The error catalogue of spec 1 §8: every API error answers in this shape. */
export interface ApiErrorBody {
  title: string;
  message: string;
  isValidation: boolean;
  /** per-field messages of a validation error (`row`: the row of a file, 1 = its first data row) */
  errors?: { field: string; message: string; row?: number }[];
}

export const ApiErrorBodySchema = z.object({
  title: z.string(),
  message: z.string(),
  isValidation: z.boolean(),
  errors: z.array(z.object({ field: z.string(), message: z.string(), row: z.number().int().optional() }))
    .optional(),
}).openapi("ApiError");

/** Thrown anywhere in a request; the app's error handler answers it in the catalogue shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message?: string,
    readonly extra: {
      title?: string;
      isValidation?: boolean;
      errors?: ApiErrorBody["errors"];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message ?? catalogueEntry(status).message);
  }

  get body(): ApiErrorBody {
    return {
      title: this.extra.title ?? catalogueEntry(this.status).title,
      message: this.message,
      isValidation: this.extra.isValidation ?? false,
      ...(this.extra.errors ? { errors: this.extra.errors } : {}),
    };
  }

  static badRequest = (message?: string) => new ApiError(400, message);
  static unauthenticated = (message?: string) => new ApiError(401, message);
  static forbidden = (message?: string) => new ApiError(403, message);
  static notFound = (message?: string) => new ApiError(404, message);
  static conflict = (message?: string) => new ApiError(409, message);

  /** A 400 the client shows as a warning next to the fields. */
  static validation(errors: { field: string; message: string; row?: number }[], message?: string) {
    return new ApiError(
      400,
      message ?? errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join("; "),
      {
        isValidation: true,
        errors,
      },
    );
  }

  static fromZod(error: z.ZodError) {
    return ApiError.validation(error.issues.map((i) => ({ field: i.path.join("."), message: i.message })));
  }
}

/** The catalogue's title and default message for a status (500's for one it does not list). */
export function catalogueEntry(status: number): { title: string; message: string } {
  const known = status in ERROR_TITLES ? status : 500;
  return { title: ERROR_TITLES[known], message: ERROR_MESSAGES[known] };
}

export function errorResponse(c: Context, error: ApiError): Response {
  for (const [k, v] of Object.entries(error.extra.headers ?? {})) c.header(k, v);
  return c.json(error.body, error.status);
}
