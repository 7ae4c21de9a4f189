import type { ReactNode } from "react";
import { THEME_BOOT_SCRIPT } from "../../client/runtime/themeBoot.ts";
import { ASSETS } from "./assets.ts";

/** The HTML document around every page: CSS, the theme set before first paint, the small shell script. */
export function Document(
  { title, children, flash, push, nonce }: {
    title: string;
    children: ReactNode;
    flash?: { kind: string; message: string };
    /** signed in: shell.js connects the push client to this hub */
    push?: boolean;
    /** the content security policy's nonce for the one inline script */
    nonce?: string;
  },
) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Abattoir Manager`}</title>
        <link rel="stylesheet" href={ASSETS.css} />
        <link rel="icon" href="data:," />
        {flash && <meta name="flash" content={JSON.stringify(flash)} />}
        {push && <meta name="push-hub" content="/hubs/userHub" />}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <script type="module" src={ASSETS.shell}></script>
      </head>
      <body>{children}</body>
    </html>
  );
}
