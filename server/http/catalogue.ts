/**
 * The error catalogue of spec 1 §8: status → title and default message. Pure data, imported by the
 * server's errors (server/http/errors.ts) and by the browser's API client (client/runtime/api.ts), so
 * the two cannot disagree. The titles are a table of their own: the browser needs only them, and the
 * messages then stay out of every island's download.
 */
export const ERROR_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthenticated",
  403: "Unauthorised",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Change Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Unexpected Error",
  503: "Service Unavailable",
};

export const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: "Something went wrong while accessing the resource you requested.",
  401: "Login is required.",
  403: "You are not authorised to access the requested resource.",
  404: "The requested resource could not be found.",
  405: "This resource does not accept that method.",
  409: "The requested action has already been completed.",
  413: "The request is too large.",
  415: "Send the request body as JSON.",
  429: "Too many attempts. Wait a few minutes and try again.",
  500: "An unexpected error occurred.",
  503: "A service this needs is not answering. Try again later.",
};

/**
 * What a person is shown as the heading of an error (a toast, an error page): the catalogue's titles are
 * the API's (spec 1 §8), and some are protocol words no plant user says ("Bad Request"). A title an
 * answer gave of its own is shown as it is.
 */
const SHOWN_TITLES: Readonly<Record<number, string>> = {
  400: "Not done",
  401: "Signed out",
  405: "Not possible",
  413: "Too large",
  415: "Not understood",
  429: "Too many attempts",
  500: "Something went wrong",
  503: "Not available just now",
};

export function shownTitle(status: number, title: string): string {
  return title === ERROR_TITLES[status] ? SHOWN_TITLES[status] ?? title : title;
}
