/**
 * A setup file (vitest.config.ts): after each test file, the operations whose answers it validated are
 * recorded for the run's contract summary (tests/helpers/contractReport.ts). A setup file runs for every
 * test file, also where the files of a worker share their modules. The import waits for the end: a file
 * that started no app has it loaded already or records nothing.
 */
import { afterAll } from "vitest";

afterAll(async () => (await import("./contractRun.ts")).recordCoverage());
