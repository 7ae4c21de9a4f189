/** Where a dated setting row (a levy, a skin price) stands on today's date, as a badge. */
const TIMING = {
  current: { words: "In use", badge: "success" },
  future: { words: "Upcoming", badge: "info" },
  superseded: { words: "Superseded", badge: "muted" },
  archived: { words: "Archived", badge: "muted" },
} as const;

export function TimingBadge({ timing }: { timing: keyof typeof TIMING }) {
  return <span className={`badge badge-${TIMING[timing].badge}`}>{TIMING[timing].words}</span>;
}
