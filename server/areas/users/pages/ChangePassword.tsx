import { newPasswordFields } from "../forms.ts";
import { type DataFormProps } from "../../../../client/islands/DataForm.tsx";
import { selectHomePage } from "../../../access/mod.ts";
import { USERS_API } from "../api.ts";
import { DataForm } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";

/**
 * Change password (spec 1 §2): the old password only outside the temporary-password flow; confirm shows
 * a check when it equals the new password. A user on a temporary password is kept here until done.
 */
export const ChangePasswordScreen = defineScreen({
  component: ({ context }) => {
    const caller = context.caller!;
    const temporary = !caller.user.isPasswordUpdated;
    const props: DataFormProps = {
      id: "change-password",
      title: "Change password",
      fields: [
        ...(temporary ? [] : [{
          name: "oldPassword",
          label: "Old password",
          type: "password" as const,
          required: true,
          autoComplete: "current-password",
        }]),
        ...newPasswordFields(),
      ],
      initial: {},
      submit: {
        method: "POST",
        url: temporary ? USERS_API.changeTempPasswordIfAuthed : USERS_API.changePasswordIfAuthed,
        bodyFields: temporary ? ["newPassword"] : ["oldPassword", "newPassword"],
      },
      submitLabel: "Change",
      successToast: "Your password was changed.",
      redirectTo: selectHomePage(caller.subject, context.routes),
      undo: false,
    };
    return (
      <section className="panel">
        {temporary && (
          <p className="banner banner-info">
            Choose a new password to replace the temporary one before you continue.
          </p>
        )}
        <DataForm {...props} />
      </section>
    );
  },
});
