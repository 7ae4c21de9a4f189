/** Paths of the built browser assets (see server/tasks/build.ts). */
export const ASSETS = {
  css: "/static/app.css",
  shell: "/static/runtime/shell.js",
  islands: "/static/runtime/islands.js",
} as const;
