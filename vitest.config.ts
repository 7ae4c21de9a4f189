import { defineConfig } from "vitest/config";

/**
 * The rules, API and security walk run two files at a time; each file's app has its own database files
 * (tests/helpers/app.ts). Browser tests come next, two at a time as well: each drives its own Chromium
 * and server on its own ports, and waits for states, never for time, so a busy core slows them without
 * failing them. Last, one file at a time, the tests that time keep-alives, clients and signals.
 */
const BROWSER = ["tests/e2e/**/*.test.ts"];
/**
 * Files that need a fresh module registry, so they run isolated, apart from the API files (which share
 * one per worker): those that install a DOM (tests/unit/client/dom.ts) and load React's development
 * build, and those that declare test-only API routes into the module-wide access registry (which
 * docs/access.md and the authorisation walk read).
 */
const ISOLATED = [
  "tests/unit/client/**/*.test.ts",
  "tests/unit/client/**/*.test.tsx",
  "tests/ops/errorReference.test.ts",
  "tests/unit/areas/areaApi.test.ts",
];
const ONE_AT_A_TIME = [
  "tests/hub/**/*.test.ts",
  "tests/security/origin.test.ts",
  "tests/security/durability.test.ts",
  "tests/security/slowClients.test.ts",
  "tests/ops/shutdown.test.ts",
  "tests/ops/failover.test.ts",
];

/**
 * The libSQL server path (issue 40 §6): these API files run a second time with the databases reached over
 * Hrana through the test stand-in (tests/helpers/hranaServer.ts). `deno task test:remote` runs every API
 * file that way (docs/operations.md).
 */
const OVER_LIBSQL_SERVER = [
  "tests/api/livestockOrders.test.ts",
  "tests/api/stockyard.test.ts",
  "tests/api/killAgenda.test.ts",
  "tests/api/killFloor.test.ts",
  "tests/api/invoices.test.ts",
  "tests/security/stockyardConcurrency.test.ts",
];

// Only the forks pool works under Deno (threads/vmThreads fail).
export default defineConfig({
  // production JSX: the tests run React's production build (NODE_ENV=production), which has no jsxDEV
  oxc: { jsx: { runtime: "automatic", importSource: "react", development: false } },
  test: {
    pool: "forks",
    // sums up which operations of the API document the tests validated (tests/helpers/contract.ts)
    globalSetup: ["tests/helpers/contractReport.ts"],
    setupFiles: ["tests/helpers/contractSetup.ts"],
    // browser tests share two cores with the server they drive: allow for pauses under load
    testTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    env: { NODE_ENV: "production", IS_REACT_ACT_ENVIRONMENT: "true" },
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          // an area's rules.test.ts sits beside its rules.ts
          include: [
            "tests/**/*.test.ts",
            "tests/**/*.test.tsx",
            "server/**/*.test.ts",
            "kernel/**/*.test.ts",
            "client/**/*.test.ts",
            "display/**/*.test.ts",
            "reports/**/*.test.ts",
          ],
          exclude: [...BROWSER, ...ONE_AT_A_TIME, ...ISOLATED],
          // importing the app was two thirds of an API file's time: the files of a worker share their
          // modules (each still starts its own app on its own database files, tests/helpers/app.ts)
          isolate: process.env.API_ISOLATE === "1",
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: ISOLATED,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "remote",
          include: OVER_LIBSQL_SERVER,
          env: { TEST_DATABASE: "remote" },
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: BROWSER,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "serial",
          include: ONE_AT_A_TIME,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
