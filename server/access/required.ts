/**
 * What is required of a signed-in user before the app goes on (spec 1 §2 /user/required), and the one
 * rule that sends a page request there. Today one thing can be required: replacing a temporary password.
 * The check reads only the caller already loaded for the request (cached per session), so it costs no
 * query; the required page, the page that fulfils a requirement and signing out are never redirected, so
 * it cannot loop. APIs are not redirected: they answer 403 with the same words (apiAccess.ts).
 */
export const REQUIRED_PATH = "/user/required";
const NEVER_REDIRECTED = new Set([REQUIRED_PATH, "/logout"]);

export interface Requirement {
  key: "passwordChange";
  title: string;
  words: string;
  /** the page where the user does it */
  href: string;
  action: string;
}

const PASSWORD_CHANGE: Requirement = {
  key: "passwordChange",
  title: "Change your password first",
  words: "You are using a temporary password. Choose your own before you go on.",
  href: "/user/changepassword",
  action: "Change password",
};

/** Everything required of this user now, in the order to do it. */
export function requirementsOf(user: { isPasswordUpdated: boolean }): Requirement[] {
  return user.isPasswordUpdated ? [] : [PASSWORD_CHANGE];
}

/** Where a signed-in page request must go instead (`/user/required?next=…`), or null to go on. */
export function requiredRedirect(user: { isPasswordUpdated: boolean }, pathname: string): string | null {
  const required = requirementsOf(user);
  if (!required.length || NEVER_REDIRECTED.has(pathname)) return null;
  if (required.some((r) => r.href === pathname)) return null;
  return `${REQUIRED_PATH}?${new URLSearchParams({ next: pathname })}`;
}
