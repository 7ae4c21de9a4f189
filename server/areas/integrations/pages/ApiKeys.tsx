/**
 * The "API keys" section of Settings › Plant Integrations: the tenant's keys (never their secrets), a form
 * that makes one and shows it once, and a Revoke button on each key in use — all in the ApiKeyCreate
 * island, so a key just made is in the list at once. The screen's loader hands it the keys.
 */
import type { z } from "@hono/zod-openapi";
import { ApiKeyCreate } from "../../../pages/islands.tsx";
import { INTEGRATIONS_API } from "../api.ts";
import { API_KEY_NAME_MAX, type ApiKey } from "../schemas.ts";

type Key = z.infer<typeof ApiKey>;

export function ApiKeysSection({ keys, timeZone, me }: { keys: Key[]; timeZone: string; me: string }) {
  return (
    <section className="panel" aria-label="API keys">
      <h2>API keys</h2>
      <p className="muted small">
        Scales, grading cameras and the plant's interchange client call the integration endpoints with a key
        of their own. A key reaches this organisation's integration endpoints only, nothing else; revoke it
        when the system is replaced or the key may have been seen.
      </p>
      <ApiKeyCreate
        url={INTEGRATIONS_API.createApiKey}
        revokeUrl={INTEGRATIONS_API.revokeApiKey}
        maxLength={API_KEY_NAME_MAX}
        keys={keys}
        timeZone={timeZone}
        me={me}
      />
    </section>
  );
}
