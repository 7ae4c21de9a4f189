import type { ReactNode } from "react";
import { preloadModule } from "react-dom";
import { BOOT_SCRIPT } from "../../client/runtime/boot.ts";
import { moduleEntry, stylesheetUrl } from "./assets.ts";

/** The id of the element that ends a page's main content (server/pages/Shell.tsx). */
export const MAIN_END = "main-end";

/**
 * The HTML document around every page: CSS, the theme set before first paint, the small shell script
 * (with its chunks preloaded, so its imports cost no extra round trip). Asset URLs carry content hashes.
 */
export function Document(
  { title, children, flash, pushSince, plantZone }: {
    title: string;
    children: ReactNode;
    flash?: { kind: string; message: string };
    /**
     * signed in: shell.js connects the push client to this hub, and its registrations say the page is
     * as of this time (ms since 1970), so the hub tells of events they missed since (server/push/changeLog.ts)
     */
    pushSince?: number;
    /**
     * the caller's organisation has saved its zone, which decides the plant's day: the shell need not
     * look the browser's up (Intl's first use costs a slow PC a tenth of a second)
     */
    plantZone?: boolean;
  },
) {
  const shell = moduleEntry("runtime/shell");
  // through React, like the islands' preloads, so a chunk both need is announced once
  for (const href of shell.imports) preloadModule(href, { as: "script" });
  return (
    <html lang="en-AU" data-plant-zone={plantZone ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Abattoir Manager`}</title>
        {
          /* a stylesheet resource (precedence): React writes it before the module preloads, so on a slow
            line the CSS the first paint waits for is not queued behind the islands' scripts */
        }
        <link rel="stylesheet" href={stylesheetUrl()} precedence="default" />
        {
          /* no paint until the page's main content is parsed (the Shell ends <main> with #main-end): a slow
            PC otherwise laid out and painted the menu alone first, then everything again, and the main
            content (the largest paint) came a few hundred milliseconds later. A page without the marker
            renders when its document has been read. */
        }
        <link rel="expect" href={`#${MAIN_END}`} blocking="render" />
        <link rel="icon" href="data:," />
        {flash && <meta name="flash" content={JSON.stringify(flash)} />}
        {pushSince !== undefined && <meta name="push-hub" content="/hubs/userHub" data-since={pushSince} />}
        {/* allowed by its hash in the CSP (server/app.ts), so a kept page needs no nonce of its request */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        <script type="module" src={shell.src}></script>
      </head>
      <body>{children}</body>
    </html>
  );
}
