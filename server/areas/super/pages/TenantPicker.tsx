/** Which tenant a super screen works on: a plain GET form (no script; shell.js submits it on change). */
export function TenantPicker({ tenants, current, action }: {
  tenants: { id: number; name: string }[];
  current?: number;
  action: string;
}) {
  return (
    <form method="get" action={action} className="inline-form" data-autosubmit>
      <label htmlFor="tenant-picker">Organisation</label>
      <select id="tenant-picker" className="input" name="tenantId" defaultValue={current ?? ""}>
        {current ? null : <option value="">Choose…</option>}
        {tenants.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
      </select>
      <button className="btn" type="submit">Show</button>
    </form>
  );
}
