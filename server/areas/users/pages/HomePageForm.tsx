/**
 * Account details › Home page (spec 1 §2 "a user can choose which module page is the home page, or use
 * the default home"): one select of the pages this user may land on, saved as their homepage setting.
 */
import type { DataFormProps } from "../../../../client/islands/DataForm.tsx";
import type { PageContext } from "../../../pages/context.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { selectHomePage } from "../../../access/mod.ts";
import { AUTOMATIC_HOME, currentHomeChoice, homePageChoices } from "../homePage.ts";

export const SELF_SETTING_URL = "/api/user/UserUpdatesSingleSetting";

export function HomePageForm({ context }: { context: PageContext }) {
  const subject = context.caller!.subject;
  const choices = homePageChoices(subject, context.routes);
  const current = currentHomeChoice(subject, context.routes);
  const landing = selectHomePage(subject, context.routes);
  const automaticTitle = current === AUTOMATIC_HOME
    ? choices.find((c) => c.path === landing)?.title ?? "Home"
    : null;
  const props: DataFormProps = {
    id: "home-page",
    title: "Home page",
    fields: [{
      name: "value.module",
      label: "After signing in, open",
      type: "select",
      required: true,
      help: "Only pages you can open are listed.",
      options: [
        {
          value: AUTOMATIC_HOME,
          label: automaticTitle ? `The usual page (now ${automaticTitle})` : "The usual page for your role",
        },
        ...choices.map((c) => ({ value: c.name, label: c.title })),
      ],
    }],
    // the setting's other parts ride along unseen; the server fills in the page's title
    // (the user's id makes it an edit: Save waits for a change)
    initial: {
      id: context.caller!.user.id,
      settingType: "homepage",
      "value.module": current,
      "value.title": "",
    },
    submit: {
      method: "POST",
      url: SELF_SETTING_URL,
      bodyFields: ["settingType", "value.module", "value.title"],
    },
    successToast: "Your home page is saved. You will land on it when you next sign in.",
  };
  return (
    <section className="panel">
      <DataForm {...props} />
    </section>
  );
}
