/** Menu and header icons: a few inline SVG paths (no icon font to download). */
const PATHS: Record<string, string> = {
  home: "M3 11l9-8 9 8v10h-6v-6H9v6H3z",
  menu: "M3 6h18M3 12h18M3 18h18",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0",
  users: "M9 11a4 4 0 100-8 4 4 0 000 8zm-7 10a7 7 0 0114 0M17 3a4 4 0 010 8m5 10a7 7 0 00-5-6.7",
  settings:
    "M12 15a3 3 0 100-6 3 3 0 000 6zm7.4-3a7.4 7.4 0 00-.1-1.3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 00-2.2-1.3L14.3 3h-4l-.4 2.4a7.6 7.6 0 00-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.6l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 002.2 1.3l.4 2.4h4l.4-2.4a7.6 7.6 0 002.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z",
  chart: "M4 20V10m6 10V4m6 16v-7m6 7H2",
  report: "M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8",
  livestock: "M4 14c0-4 4-7 8-7s8 3 8 7v3H4zM7 17v4m10-4v4M6 7L4 4m14 3l2-3",
  shield: "M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z",
  display: "M3 4h18v12H3zM8 20h8M12 16v4",
  page: "M6 2h12v20H6zM9 7h6M9 11h6M9 15h4",
  // a question mark in a circle
  help: "M12 22a10 10 0 100-20 10 10 0 000 20zM9.5 9a2.5 2.5 0 115 .5c0 1.5-2.5 2-2.5 3.5M12 17h.01",
  // a bell (the header's notifications)
  bell: "M6 16V11a6 6 0 0112 0v5l2 2H4zM10 21h4",
  // an envelope
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  // a magnifying glass (the header's Find)
  search: "M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM15.5 15.5L21 21",
};

export function Icon({ name }: { name: string }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name] ?? PATHS.page} />
    </svg>
  );
}
