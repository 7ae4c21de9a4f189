/** The app's button: `.btn` plus a variant class; renders an <a> when given `href`. */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { SpinnerIcon } from "./icons.tsx";

export type ButtonVariant = "default" | "primary" | "danger" | "ghost";

interface Common {
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and disables the button. */
  busy?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}

export type ButtonProps = Common & ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined };
export type LinkButtonProps = Common & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

export function buttonClass(variant: ButtonVariant = "default", extra?: string, busy?: boolean): string {
  return ["btn", variant !== "default" ? `btn-${variant}` : "", busy ? "is-busy" : "", extra ?? ""]
    .filter(Boolean)
    .join(" ");
}

export function Button(props: ButtonProps | LinkButtonProps) {
  if (props.href !== undefined) {
    const { variant, busy, icon, children, className, ...rest } = props as LinkButtonProps;
    return (
      <a {...rest} className={buttonClass(variant, className, busy)}>
        {icon}
        {children}
      </a>
    );
  }
  const { variant, busy, icon, children, className, disabled, type, ...rest } = props as ButtonProps;
  return (
    <button
      {...rest}
      type={type ?? "button"}
      className={buttonClass(variant, className, busy)}
      disabled={disabled || busy}
      aria-busy={busy ? true : undefined}
    >
      {busy ? <SpinnerIcon /> : icon}
      {children}
    </button>
  );
}
