/**
 * Settings › Plant Integrations (issue 15): how the plant's systems reach this organisation. Each part
 * is its own section component (API keys here; the interchange clients join them), loaded together.
 */
import { pageAreaContext } from "../../context.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { listApiKeys } from "../operations.ts";
import { ApiKeysSection } from "./ApiKeys.tsx";
import { displayName } from "../../audit.ts";
import { InterchangeSection } from "./Interchange.tsx";
import { integrationErrorList, interchangeClients, pingInterchange } from "../../killFloor/queries.ts";
import { isFeatureEnabled } from "../../../access/flags.ts";

/** settingsIntegrations: the plant integrations of the caller's tenant. */
export const IntegrationsScreen = defineScreen({
  loader: async ({ context }) => {
    const ctx = await pageAreaContext(context);
    const flagOn = isFeatureEnabled(context.caller!.subject, "integrationErrorNotifications");
    return {
      keys: await listApiKeys(ctx),
      clients: await interchangeClients(ctx),
      ping: await pingInterchange(ctx),
      errors: flagOn ? await integrationErrorList(ctx, false, 50) : null,
    };
  },
  component: ({ data, context }) => (
    <>
      <p className="muted">The plant's systems that send their data here and read the day's plan.</p>
      <InterchangeSection
        clients={data.clients}
        ping={data.ping}
        errors={data.errors}
        timeZone={context.timeZone}
      />
      <ApiKeysSection keys={data.keys} timeZone={context.timeZone} me={displayName(context.caller!)} />
    </>
  ),
});
