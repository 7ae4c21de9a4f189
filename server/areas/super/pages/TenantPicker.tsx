import { FilterSelect } from "../../../../client/ui/FilterControls.tsx";

/** Which tenant a super screen works on: a plain GET form (no script; shell.js submits it on change). */
export function TenantPicker({ tenants, current, action }: {
  tenants: { id: number; name: string }[];
  current?: number;
  action: string;
}) {
  return (
    <form method="get" action={action} className="inline-form" data-autosubmit>
      <FilterSelect
        id="tenant-picker"
        label="Organisation"
        className="input tenant-picker"
        name="tenantId"
        defaultValue={current ?? ""}
        empty={current ? undefined : "Choose…"}
        options={tenants.map((t) => [t.id, t.name])}
      />
      <button className="btn" type="submit">Show</button>
    </form>
  );
}
