/**
 * The HTML document of a TV screen: no menu, header or forms, dark and high-contrast by default, the app's
 * stylesheet, and instead of the shell the carousel's own small script (display/runtime.ts: rotation and
 * live updates, no React).
 */
import type { ReactNode } from "react";
import { preloadModule } from "react-dom";
import { moduleEntry, stylesheetUrl } from "../server/pages/assets.ts";

/** `since`: when the page began, as on the app's pages (server/push/changeLog.ts) */
export function TvDocument(
  { title, since, children }: { title: string; since: number; children: ReactNode },
) {
  const runtime = moduleEntry("runtime/display");
  for (const href of runtime.imports) preloadModule(href, { as: "script" });
  return (
    <html lang="en-AU" className="tv" data-theme="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Abattoir Manager`}</title>
        <link rel="stylesheet" href={stylesheetUrl()} precedence="default" />
        <link rel="icon" href="data:," />
        <meta name="push-hub" content="/hubs/userHub" data-since={since} />
        <script type="module" src={runtime.src}></script>
      </head>
      <body className="tv-body">{children}</body>
    </html>
  );
}

/** The stage the carousel swaps: a screen, what it is, and which push groups and events redraw it. */
export function TvStage(
  { path, title, groups, events, children }: {
    path: string;
    title: string;
    groups: string[];
    events: string[];
    children: ReactNode;
  },
) {
  return (
    <main
      id="tv-stage"
      data-path={path}
      data-title={title}
      data-groups={groups.join(" ")}
      data-events={events.join(" ")}
    >
      {children}
    </main>
  );
}

/** The rotation the page starts with, as inert JSON the runtime reads. */
export function TvRotation(
  { rotation }: { rotation: { screens: { path: string; seconds: number; label: string }[] } },
) {
  return (
    <script
      type="application/json"
      id="tv-rotation"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(rotation).replace(/</g, "\\u003c") }}
    />
  );
}

/** The corner mark a TV shows while it cannot reach the server (hidden while live). */
export function TvStatus() {
  return <div className="tv-status" aria-hidden="true">Reconnecting…</div>;
}
