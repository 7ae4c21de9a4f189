/** Users: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { USERS_PAGES } from "./routes.ts";
import { userApi } from "./api.ts";
import { inviteApi } from "./inviteApi.ts";
import { UserEditScreen, UserNewScreen } from "./pages/ClientUsers.tsx";

export const usersArea = defineArea({
  name: "users",
  api: [userApi, inviteApi],
  // the users' forms under Settings › Organisation details are this area's (spec 2 §2.2 useredit, usernew)
  pages: { ...USERS_PAGES, settingsUserEdit: UserEditScreen, settingsUserNew: UserNewScreen },
});
