/**
 * The error catalogue of spec 1 §8: status → title and default message. Pure data, imported by the
 * server's errors (server/http/errors.ts) and by the browser's API client (client/runtime/api.ts), so
 * the two cannot disagree.
 */
export const ERROR_CATALOGUE: Readonly<Record<number, { title: string; message: string }>> = {
  400: { title: "Bad Request", message: "Something went wrong while accessing the resource you requested." },
  401: { title: "Unauthenticated", message: "Login is required." },
  403: { title: "Unauthorised", message: "You are not authorised to access the requested resource." },
  404: { title: "Not Found", message: "The requested resource could not be found." },
  405: { title: "Method Not Allowed", message: "This resource does not accept that method." },
  409: { title: "Change Conflict", message: "The requested action has already been completed." },
  413: { title: "Payload Too Large", message: "The request is too large." },
  415: { title: "Unsupported Media Type", message: "Send the request body as JSON." },
  429: { title: "Too Many Requests", message: "Too many attempts. Wait a few minutes and try again." },
  500: { title: "Unexpected Error", message: "An unexpected error occurred." },
  503: { title: "Service Unavailable", message: "A service this needs is not answering. Try again later." },
};

export const UNEXPECTED_ERROR = ERROR_CATALOGUE[500];
