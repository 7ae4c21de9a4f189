/**
 * Configure Display (spec 1 §2 /display/configure): which screens a TV rotates and how long each stays,
 * per display user. An admin picks the display user; a display user sets its own. A preview link opens
 * each screen as the TV shows it.
 */
import { z } from "zod";
import { idNumber } from "../../../http/params.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { DataForm } from "../../../pages/islands.tsx";
import type { FieldSpec } from "../../../../client/islands/DataForm.tsx";
import { pageAreaContext } from "../../context.ts";
import { screenKey, SECONDS } from "../../../../display/rotation.ts";
import { displaySettings, displayUsers } from "../operations.ts";
import { DISPLAY_API, DISPLAY_PATHS } from "../paths.ts";
import { FilterSelect } from "../../../../client/ui/FilterControls.tsx";

/** displayConfigure */
export const ConfigureScreen = defineScreen({
  validateSearch: z.object({ userId: idNumber().optional() }),
  loader: async ({ context, search }) => {
    const ctx = await pageAreaContext(context);
    const users = await displayUsers(ctx);
    const userId = search.userId ??
      (context.caller!.subject.roleLevel === "display" ? context.caller!.user.id : users[0]?.id);
    return { users, settings: userId ? await displaySettings(ctx, userId) : null };
  },
  component: ({ data }) => {
    const { users, settings } = data;
    if (!settings) {
      return (
        <section className="panel">
          <h2>Display screens</h2>
          <p className="muted">
            There is no display user yet. Add a user with the Display role (Users), sign the TV in as it, then
            choose its screens here.
          </p>
        </section>
      );
    }
    const chosen = settings.screens.map(screenKey);
    // the rotation's screens first, in its order, then the others
    const rows = [...settings.choices].sort((a, b) => rank(chosen, a.key) - rank(chosen, b.key));
    const fields: FieldSpec[] = rows.flatMap((c, i): FieldSpec[] => [
      {
        name: `choices.${i}.on`,
        label: c.label,
        type: "checkbox",
        section: i === 0 ? "Screens, in the order shown" : undefined,
      },
      {
        name: `choices.${i}.seconds`,
        label: "Seconds on screen",
        type: "number",
        help: `${SECONDS.min} to ${SECONDS.max}; ${SECONDS.default} when blank.`,
        shownWhen: { field: `choices.${i}.on`, oneOf: [true] },
      },
    ]);
    const initial = Object.fromEntries([
      ["userId", settings.userId],
      ...rows.flatMap((c, i) => {
        const on = settings.screens.find((s) => screenKey(s) === c.key);
        return [[`choices.${i}.key`, c.key], [`choices.${i}.on`, Boolean(on)], [
          `choices.${i}.seconds`,
          on?.seconds ?? SECONDS.default,
        ]];
      }),
    ]);
    return (
      <>
        {users.length > 1 && (
          <form method="get" className="inline-form panel" aria-label="Choose the display">
            <FilterSelect
              id="display-user"
              label="Display"
              name="userId"
              defaultValue={settings.userId}
              data-autosubmit
              options={users.map((u) => [u.id, `${u.name} (${u.email})`])}
            />
            <button className="btn" type="submit">Show</button>
          </form>
        )}
        <section className="panel" aria-label="Screens">
          <DataForm
            id="display-screens"
            title={`Screens of ${settings.userName}`}
            fields={fields}
            initial={initial}
            submit={{ method: "POST", url: DISPLAY_API.save }}
            successToast="The display's screens were saved. The TV picks them up after its current round."
          />
          {!settings.isConfigured && (
            <p className="muted small">
              Not set yet: the TV shows every kill agenda and the busiest yard, 20 seconds each.
            </p>
          )}
        </section>
        <section className="panel" aria-label="Preview">
          <h2>Preview</h2>
          <p className="muted small">Each screen as the TV shows it (opens in a new tab; it stays live).</p>
          <ul className="link-list">
            {settings.choices.map((c) => (
              <li key={c.key}>
                <a href={c.path} target="_blank" rel="noopener">{c.label}</a>
              </li>
            ))}
            <li>
              <a href={DISPLAY_PATHS.home} target="_blank" rel="noopener">Your own carousel</a>
            </li>
          </ul>
        </section>
      </>
    );
  },
});

const rank = (chosen: string[], key: string) => {
  const i = chosen.indexOf(key);
  return i < 0 ? 1_000 : i;
};
