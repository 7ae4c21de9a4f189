/**
 * The planning settings' edit panel: a titled panel holding the data form island that posts one record
 * and goes back to its list (Cancel and after the save), read-only with a reason without the admin flag,
 * and, for a record that exists, a delete button that asks first. Used by the carcass type, specification
 * type, packaging, recipe, ingredient and sales order forms.
 */
import type { ReactNode } from "react";
import type { DataFormProps, FieldSpec } from "../../../client/islands/DataForm.tsx";
import { ActionButton, DataForm } from "../../pages/islands.tsx";

/** The delete button of a record's panel: posts its id and version; the toast says "<name> was deleted." */
export const removal = (
  label: string,
  url: string,
  record: { id: number; lastModified: string },
  name: string,
  confirm: string,
) => ({
  label,
  url,
  body: { id: record.id, lastModified: record.lastModified },
  confirm,
  done: `${name} was deleted.`,
});

export function EditPanel(
  { label, id, title, fields, initial, url, saved, backTo, redirectTo, readOnly, remove, form, children }: {
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
    /** an island that wraps the data form (the sales order's totals as typed); default the data form alone */
    form?: (props: DataFormProps) => ReactNode;
    children?: ReactNode;
  },
) {
  const props: DataFormProps = {
    id,
    title,
    fields,
    initial,
    submit: { method: "POST", url },
    successToast: saved,
    cancelHref: backTo,
    redirectTo: redirectTo ?? backTo,
    readOnly,
  };
  return (
    <section className="panel" aria-label={label}>
      {form ? form(props) : <DataForm {...props} />}
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
