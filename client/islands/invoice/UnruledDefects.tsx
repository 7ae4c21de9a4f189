/**
 * A draft invoice's warning about defect codes no rule prices (server/areas/invoices/unruledDefects.ts):
 * each code in words, with "Add a rule" (the new defect detail form filled in) and the Carcass Defects tab
 * for whoever can open those settings. A warning, not a reason it cannot be published: a plant may mean
 * to pay a code at the grid price.
 */
import type { UnruledDefect } from "../../../server/areas/invoices/rules.ts";
import { addRuleHref } from "../../../server/areas/invoiceSettings/defects/rules.ts";

/** The settings pages the warning links to, null for a caller who cannot open them. */
export interface DefectRuleLinks {
  newRule: string | null;
  carcassDefects: string | null;
}

export function UnruledDefects(
  { unruled, invoiceId, speciesId, links }: {
    unruled: UnruledDefect[];
    invoiceId: number;
    speciesId: number;
    links: DefectRuleLinks;
  },
) {
  if (!unruled.length) return null;
  return (
    <div
      className="banner banner-warning no-print unruled-defects"
      role="note"
      aria-label="Defect codes with no price rule"
    >
      <strong>Defect codes with no price rule:</strong>
      <ul>
        {unruled.map((u) => (
          <li key={u.code}>
            {u.message}
            {links.newRule && (
              <>
                {" "}
                <a
                  href={addRuleHref(links.newRule, { code: u.code, speciesId }, invoiceId)}
                  aria-label={`Add a rule for ${u.code}`}
                >
                  Add a rule
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
      {links.carcassDefects && (
        <a href={`${links.carcassDefects}?speciesId=${speciesId}`}>
          See every defect code in Settings › Carcass Defects
        </a>
      )}
    </div>
  );
}
