import type { Screen } from "../screen.ts";
import { LoginScreen } from "./Login.tsx";
import { UserHomeScreen } from "./UserHome.tsx";
import { AccountScreen } from "./Account.tsx";
import { ChangePasswordScreen } from "./ChangePassword.tsx";
import { ClientUsersScreen, UserEditScreen, UserNewScreen } from "./ClientUsers.tsx";
import { SuperHomeScreen } from "./SuperHome.tsx";
import { LIVESTOCK_SCREENS } from "./livestock/mod.ts";
import { SettingsHomeScreen } from "./settings/SettingsHome.tsx";
import { PRICING_SCREENS } from "./pricing/mod.ts";
import { VOLUME_TARGET_SCREENS } from "./volumeTargets/mod.ts";

/** Built screens by route name (server/access/routes); every other route shows "not built yet". */
// deno-lint-ignore no-explicit-any
export const SCREENS: Record<string, Screen<any, any>> = {
  login: LoginScreen,
  userHome: UserHomeScreen,
  account: AccountScreen,
  changePassword: ChangePasswordScreen,
  clientusers: ClientUsersScreen,
  clientUserEdit: UserEditScreen,
  clientUserNew: UserNewScreen,
  superHome: SuperHomeScreen,
  ...LIVESTOCK_SCREENS,
  ...PRICING_SCREENS,
  ...VOLUME_TARGET_SCREENS,
  settings: SettingsHomeScreen,
};
