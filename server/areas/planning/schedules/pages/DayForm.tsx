/** The schedules pages' day picker: a plain GET form (no script) that puts `date` in the address. */
export function DayForm({ label, date }: { label: string; date: string }) {
  return (
    <form method="get" className="inline-form toolbar no-print">
      <label>
        {label} <input className="input" type="date" name="date" defaultValue={date} required />
      </label>
      <button className="btn" type="submit">Show</button>
    </form>
  );
}
