import { definePages } from "../../../pages/screen.ts";
import { SuperTenantNewScreen } from "./pages/TenantForm.tsx";
import { SuperTenantScreen } from "./pages/Tenant.tsx";
import { SuperTenantUserScreen } from "./pages/TenantUser.tsx";
import { SuperCrossTenantUsersScreen } from "./pages/CrossTenantUsers.tsx";

/** Super › tenants: an organisation, its users, a new one, and users of several (server/access/routes/super.ts). */
export const SUPER_TENANT_PAGES = definePages({
  superTenantNew: SuperTenantNewScreen,
  superTenant: SuperTenantScreen,
  superTenantUser: SuperTenantUserScreen,
  superCrossTenantUsers: SuperCrossTenantUsersScreen,
});
