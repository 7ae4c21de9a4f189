import { definePages } from "../../pages/screen.ts";
import { LoginScreen } from "./pages/Login.tsx";
import { ForgotPasswordScreen } from "./pages/ForgotPassword.tsx";
import { HandleInviteScreen } from "./pages/HandleInvite.tsx";
import { InviteUserScreen } from "./pages/InviteUser.tsx";
import { PhoneScreen } from "./pages/Phone.tsx";
import { OAuthCallbackScreen } from "./pages/OAuthCallback.tsx";
import { AccountScreen } from "./pages/Account.tsx";
import { ChangePasswordScreen } from "./pages/ChangePassword.tsx";
import { ClientUsersScreen, UserEditScreen, UserNewScreen } from "./pages/ClientUsers.tsx";
import { UserRequiredScreen } from "./pages/UserRequired.tsx";
import { ProducerSignUpScreen } from "./pages/ProducerSignUp.tsx";

/** Sign-in, the user's own account and the tenant admin's users (server/access/routes/account.ts, home.ts). */
export const USERS_PAGES = definePages({
  login: LoginScreen,
  forgotPassword: ForgotPasswordScreen,
  handleInvite: HandleInviteScreen,
  producerSignUp: ProducerSignUpScreen,
  oauthCallback: OAuthCallbackScreen,
  userRequired: UserRequiredScreen,
  account: AccountScreen,
  phone: PhoneScreen,
  changePassword: ChangePasswordScreen,
  clientusers: ClientUsersScreen,
  clientUserEdit: UserEditScreen,
  clientUserNew: UserNewScreen,
  clientUserInvite: InviteUserScreen,
});
