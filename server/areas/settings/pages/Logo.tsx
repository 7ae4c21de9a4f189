/**
 * The organisation's logo beside its details: the image from storage (through the settings API), an
 * upload island, and removal after a confirmation.
 */
import { ActionButton, LogoUpload } from "../../../pages/islands.tsx";
import { SETTINGS_API } from "../api.ts";

export function LogoPanel({ logoRef, name, version, returnTo }: {
  logoRef: string | null;
  name: string;
  /** changes with every save, so the browser fetches a new logo */
  version: string | null;
  returnTo: string;
}) {
  return (
    <section className="panel" aria-labelledby="logo-title">
      <h2 id="logo-title">Logo</h2>
      {logoRef
        ? (
          <img
            className="org-logo"
            src={`${SETTINGS_API.logo}?v=${encodeURIComponent(version ?? "")}`}
            alt={`${name} logo`}
          />
        )
        : <p className="muted">No logo yet.</p>}
      <LogoUpload uploadUrl={SETTINGS_API.uploadLogo} hasLogo={logoRef !== null} reloadTo={returnTo} />
      {logoRef && (
        <ActionButton
          label="Remove the logo"
          variant="ghost"
          url={SETTINGS_API.removeLogo}
          body={{}}
          confirm="Remove the organisation's logo?"
          successToast="The logo was removed."
        />
      )}
    </section>
  );
}
