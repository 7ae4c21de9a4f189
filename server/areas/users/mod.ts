/** Users: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { USERS_PAGES } from "./routes.ts";
import { userApi } from "./api.ts";
import { inviteApi } from "./inviteApi.ts";
import { producerSignUpApi } from "./producerSignUpApi.ts";
import { UserEditScreen, UserNewScreen } from "./pages/ClientUsers.tsx";
import { SelfSettingBody } from "./schemas.ts";
import { updateOwnSetting } from "./operations/ownAccount.ts";
import { ApiError } from "../../http/errors.ts";
import { FIND_USERS } from "./find.ts";

export const usersArea = defineArea({
  name: "users",
  api: [userApi, inviteApi, producerSignUpApi],
  // the users' forms under Settings › Organisation details are this area's (spec 2 §2.2 useredit, usernew)
  pages: { ...USERS_PAGES, settingsUserEdit: UserEditScreen, settingsUserNew: UserNewScreen },
  // the organisation's people, for those who manage them
  finds: [FIND_USERS],
  shell: {
    // the header's site and species pickers save the caller's own choice
    async saveOwnSetting(ctx, setting) {
      const parsed = SelfSettingBody.safeParse(setting);
      if (!parsed.success) throw ApiError.fromZod(parsed.error);
      await updateOwnSetting(ctx, parsed.data);
    },
  },
});
