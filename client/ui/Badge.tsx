/** A word with a tone (danger, warning, info) as a badge; without a tone, the plain word. */
export function StatusText({ text, tone }: { text: string; tone: "danger" | "warning" | "info" | null }) {
  return tone ? <span className={`badge badge-${tone}`}>{text}</span> : <>{text}</>;
}
