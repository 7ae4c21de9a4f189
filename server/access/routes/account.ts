import { route, type RouteDef, SUPER_ONLY } from "./define.ts";

/**
 * Public routes (reachable with no role, spec 1 §2) and the signed-in user's
 * own account screens. Account screens need only some role ("none" level) so
 * every signed-in user, display users included, can change their password.
 */
export const PUBLIC_ROUTES = [
  route("/login", "Login", "login", {
    public: true,
    roleValue: "none",
    icon: "login",
    search: ["showGoogleSignIn"],
    children: [
      route("/login/forgotpassword", "Forgot Password", "forgotPassword", {
        public: true,
        roleValue: "none",
        icon: "login",
        search: ["token", "sent"],
      }),
    ],
  }),
  route("/logout", "Logout", "logout", { public: true, roleValue: "none", icon: "logout" }),
  route("/register/handleinvite", "Accept Invitation", "handleInvite", {
    public: true,
    roleValue: "none",
    icon: "login",
    search: ["token"],
  }),
  // a producer takes up a processor's link invitation: a new farm, or one they run (issue 44 §1)
  route("/register/producer", "Producer Sign-up", "producerSignUp", {
    public: true,
    roleValue: "none",
    icon: "login",
    search: ["code"],
  }),
  route("/oauthcallback", "Signing In", "oauthCallback", {
    public: true,
    roleValue: "none",
    icon: "login",
    search: ["code", "error"],
  }),
  route("/user/required", "Required", "userRequired", { public: true, roleValue: "none", icon: "warning" }),
] as const satisfies readonly RouteDef[];

export const ACCOUNT_ROUTES = [
  route("/user/changepassword", "Change Password", "changePassword", {
    roleValue: "none",
    icon: "key",
  }),
  route("/user/account", "Account Details", "account", { roleValue: "none", icon: "user" }),
  route("/user/phone", "Phone Verification", "phone", { roleValue: "none", icon: "phone" }),
  // "User settings page" is super only (spec 1 §6, spec 3 §6); the tester home links to it.
  route("/user/settings", "User Settings", "userSettings", { ...SUPER_ONLY, icon: "settings" }),
] as const satisfies readonly RouteDef[];
