/** Small inline SVG icons, safe on the server and in the browser (no ids, no randomness). */
import type { ReactNode } from "react";

export interface IconProps {
  /** Accessible name; when absent the icon is decorative (aria-hidden). */
  label?: string;
  size?: number;
  className?: string;
}

function Svg({ label, size = 20, className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      {label ? <title>{label}</title> : null}
      {children}
    </svg>
  );
}

export function CheckIcon({ className, ...props }: IconProps) {
  return (
    <Svg {...props} className={["icon icon-check", className].filter(Boolean).join(" ")}>
      <path d="M4 12.5l5 5L20 6.5" />
    </Svg>
  );
}

export function WarningIcon({ className, ...props }: IconProps) {
  return (
    <Svg {...props} className={["icon icon-warning", className].filter(Boolean).join(" ")}>
      <path d="M12 3.5L22 20.5H2z" />
      <path d="M12 10v5M12 17.5v.5" />
    </Svg>
  );
}

export function InfoIcon({ className, ...props }: IconProps) {
  return (
    <Svg {...props} className={["icon icon-info", className].filter(Boolean).join(" ")}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </Svg>
  );
}

export function CloseIcon({ className, ...props }: IconProps) {
  return (
    <Svg {...props} className={["icon icon-close", className].filter(Boolean).join(" ")}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}

export function UndoIcon({ className, ...props }: IconProps) {
  return (
    <Svg {...props} className={["icon icon-undo", className].filter(Boolean).join(" ")}>
      <path d="M9 14L4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 010 11H11" />
    </Svg>
  );
}

/** A spinner for busy buttons; decorative. */
export function SpinnerIcon({ className, size = 16 }: { className?: string; size?: number }) {
  return (
    <svg
      className={["icon icon-spinner", className].filter(Boolean).join(" ")}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3a9 9 0 019 9" />
    </svg>
  );
}
