/**
 * The planning settings' edit panel: a titled panel holding the data form island that posts one record
 * and goes back to its list (Cancel and after the save), read-only with a reason without the admin flag,
 * and, for a record that exists, a delete button that asks first. Used by the carcass type, specification
 * type, packaging, recipe, ingredient and sales order forms.
 */
import type { ReactNode } from "react";
import type { FieldSpec } from "../../../client/islands/DataForm.tsx";
import { ActionButton, DataForm } from "../../pages/islands.tsx";

export function EditPanel(
  { label, id, title, fields, initial, url, saved, backTo, redirectTo, readOnly, remove, children }: {
    /** the panel's accessible name */
    label: string;
    /** element id prefix of the form */
    id: string;
    title: string;
    fields: FieldSpec[];
    initial: Record<string, unknown>;
    /** the API the form posts to */
    url: string;
    /** the toast after a save */
    saved: string;
    /** Cancel goes here, and so does a save unless `redirectTo` says otherwise */
    backTo?: string;
    redirectTo?: string;
    /** why the form is view only (no admin flag, a final status); undefined: editable */
    readOnly?: string;
    remove?: { label: string; url: string; body: Record<string, unknown>; confirm: string; done: string };
    children?: ReactNode;
  },
) {
  return (
    <section className="panel" aria-label={label}>
      <DataForm
        id={id}
        title={title}
        fields={fields}
        initial={initial}
        submit={{ method: "POST", url }}
        successToast={saved}
        cancelHref={backTo}
        redirectTo={redirectTo ?? backTo}
        readOnly={readOnly}
      />
      {children}
      {remove && (
        <ActionButton
          label={remove.label}
          variant="danger"
          url={remove.url}
          body={remove.body}
          confirm={remove.confirm}
          successToast={remove.done}
          redirectTo={backTo}
        />
      )}
    </section>
  );
}
