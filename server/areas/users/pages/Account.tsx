import { type DataFormProps } from "../../../../client/islands/DataForm.tsx";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { USERS_API } from "../api.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { listMySessions } from "../operations/sessions.ts";
import { HomePageForm } from "./HomePageForm.tsx";

/**
 * Account details (spec 1 §2): first name, last name, mobile; and the user's sessions (issue 19 §6):
 * every device signed in as them, each of the others with a button to end it, and all of them at once;
 * and the page they land on after signing in (spec 1 §2).
 */
export const AccountScreen = defineScreen({
  loader: async ({ context }) => ({ sessions: await listMySessions(await pageAreaContext(context)) }),
  component: ({ context, data }) => {
    const { user } = context.caller!;
    const props: DataFormProps = {
      id: "account",
      title: "Account details",
      fields: [
        { name: "firstName", label: "First name", type: "text", required: true, autoComplete: "given-name" },
        { name: "lastName", label: "Last name", type: "text", required: true, autoComplete: "family-name" },
        { name: "phone", label: "Mobile", type: "tel", autoComplete: "tel", placeholder: "+61 400 000 000" },
      ],
      initial: { id: user.id, firstName: user.firstName, lastName: user.lastName, phone: user.phone },
      submit: {
        method: "POST",
        url: USERS_API.updateUserDetails,
        bodyFields: ["firstName", "lastName", "phone"],
      },
    };
    const others = data.sessions.filter((s) => !s.isCurrent).length;
    const when = (iso: string | null) => formatDateTime(iso, context.timeZone);
    return (
      <>
        <section className="panel">
          <DataForm {...props} />
          <p className="small">
            {user.phone && user.isPhoneVerified ? "Your mobile is verified. " : ""}
            <a href="/user/phone">{user.isPhoneVerified ? "Verify another mobile" : "Verify your mobile"}</a>
          </p>
        </section>
        <HomePageForm context={context} />
        <section className="panel" aria-labelledby="sessions-title">
          <div className="panel-head">
            <h2 id="sessions-title">Where you are signed in</h2>
            {others > 0 && (
              <ActionButton
                label="Sign out everywhere else"
                url={USERS_API.endMyOtherSessions}
                body={{}}
                variant="danger"
                confirm={`Sign out the ${others === 1 ? "other session" : `${others} other sessions`}?`}
                successToast="You are now signed in only here."
              />
            )}
          </div>
          <p className="muted">
            A session you do not recognise? End it, then change your password.
          </p>
          <Table
            rows={data.sessions}
            rowKey={(s) => s.sessionId}
            empty="No sessions."
            columns={[
              {
                header: "Device",
                cell: (s) => (
                  <>
                    {s.device} {s.isCurrent && <span className="badge badge-info">This browser</span>}
                  </>
                ),
              },
              { header: "Address", className: "nowrap", cell: (s) => s.ipAddress || "—" },
              { header: "Signed in", cell: (s) => when(s.signedInAt) },
              { header: "Last seen", cell: (s) => s.isCurrent ? "Now" : when(s.lastSeenAt) },
              {
                header: "Actions",
                srOnly: true,
                cell: (s) =>
                  s.isCurrent ? null : (
                    <ActionButton
                      label="End"
                      url={USERS_API.endMySession}
                      body={{ sessionId: s.sessionId }}
                      variant="ghost"
                      confirm={`Sign out ${s.device}${s.ipAddress ? ` at ${s.ipAddress}` : ""}?`}
                      successToast="That session has ended."
                    />
                  ),
              },
            ]}
          />
        </section>
      </>
    );
  },
});
