import { type DataFormProps } from "../../../../client/islands/DataForm.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { USERS_API } from "../api.ts";
import { DataForm } from "../../../pages/islands.tsx";

/** Account details (spec 1 §2): first name, last name, mobile. */
export const AccountScreen = defineScreen({
  component: ({ context }) => {
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
    return (
      <section className="panel">
        <DataForm {...props} />
      </section>
    );
  },
});
