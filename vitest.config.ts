import { defineConfig } from "vitest/config";

// Only the forks pool works under Deno (threads/vmThreads fail). Browser tests share one machine with
// two cores, so files run one at a time and each test may take a few seconds.
export default defineConfig({
  // production JSX: the tests run React's production build (NODE_ENV=production), which has no jsxDEV
  oxc: { jsx: { runtime: "automatic", importSource: "react", development: false } },
  test: {
    pool: "forks",
    // an area's rules.test.ts sits beside its rules.ts
    include: [
      "tests/**/*.test.ts",
      "tests/**/*.test.tsx",
      "server/**/*.test.ts",
      "client/**/*.test.ts",
      "display/**/*.test.ts",
      "reports/**/*.test.ts",
    ],
    fileParallelism: false,
    // browser tests share two cores with the server they drive: allow for pauses under load
    testTimeout: 60_000,
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    env: { NODE_ENV: "production", IS_REACT_ACT_ENVIRONMENT: "true" },
  },
});
