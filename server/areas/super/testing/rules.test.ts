import { describe, expect, test } from "vitest";
import { TimeoutError } from "../../../timeout.ts";
import {
  type CheckRun,
  formatDuration,
  interchangeState,
  latestResults,
  mobileNumber,
  needsTenant,
  plainFailure,
} from "./rules.ts";

describe("mobile numbers for a test text", () => {
  test("an Australian mobile as people write it becomes +61 4xx xxx xxx", () => {
    for (const typed of ["0412 345 678", "0412345678", "+61 412 345 678", "+61412345678", "(04) 1234-5678"]) {
      expect(mobileNumber(typed)).toBe("+61 412 345 678");
    }
  });

  test("another country's number in the international format is kept without spaces", () => {
    expect(mobileNumber("+64 21 123 4567")).toBe("+64211234567");
    expect(mobileNumber("+44 7700 900123")).toBe("+447700900123");
  });

  test("landlines, short numbers and local numbers without a country code are not mobiles", () => {
    for (
      const typed of ["02 9876 5432", "+61 2 9876 5432", "0412 345", "412345678", "+0412345678", "", "abc"]
    ) {
      expect(mobileNumber(typed)).toBeNull();
    }
  });
});

describe("a failed probe in plain words", () => {
  test("the usual network failures are named, with the time waited", () => {
    expect(plainFailure(new TimeoutError(5000))).toBe("no answer within 5 seconds");
    expect(plainFailure(Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }), 15_000))
      .toBe("no answer within 15 seconds");
    expect(plainFailure(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ESOCKET" })))
      .toBe("nothing is listening there (connection refused)");
    expect(
      plainFailure(
        new TypeError("error sending request: tcp connect error: Connection refused (os error 111)"),
      ),
    )
      .toBe("nothing is listening there (connection refused)");
    expect(plainFailure(new Error("getaddrinfo ENOTFOUND mail.nowhere.invalid")))
      .toBe("the server's name could not be found");
    expect(plainFailure(Object.assign(new Error("Invalid login: 535 no"), { code: "EAUTH" })))
      .toBe("the server refused the user name or password");
  });

  test("an object store's refusal by its status; anything else by its first line, without markup", () => {
    expect(plainFailure(new Error("Object store PUT connection-checks/a.txt: 403 <Error>Denied</Error>")))
      .toBe("the object store refused the access key (HTTP 403)");
    expect(
      plainFailure(new Error("Object store PUT connection-checks/a.txt: 404 <Error>NoSuchBucket</Error>")),
    )
      .toBe("the object store has no such bucket (HTTP 404)");
    expect(plainFailure(new Error("Redis at redis://127.0.0.1:6379 is not connected\n    at probe (x.ts:1)")))
      .toBe("Redis at redis://127.0.0.1:6379 is not connected");
    expect(plainFailure("x".repeat(300))).toHaveLength(200);
  });
});

test("durations read as milliseconds, then seconds", () => {
  expect(formatDuration(12.4)).toBe("12 ms");
  expect(formatDuration(1260)).toBe("1.3 s");
});

test("only the organisation's own checks need an organisation", () => {
  expect(needsTenant(["mailServer", "pushBus"])).toBe(false);
  expect(needsTenant(["mailServer", "interchange"])).toBe(true);
});

describe("the last result of each check", () => {
  const result = (check: string, status: string, at: string) => ({
    check,
    status,
    result: status,
    durationMs: 3,
    at,
  });
  const run = (tenantId: number | null, at: string, results: unknown[]): CheckRun => ({
    at,
    userName: `Super ${at}`,
    tenantId,
    detail: { results },
  });

  test("the newest run wins; an organisation's own checks come only from runs on it", () => {
    const runs = [
      run(7, "3", [result("mailServer", "failed", "3"), result("interchange", "ok", "3")]),
      run(5, "2", [result("tenantDatabase", "ok", "2"), result("interchange", "failed", "2")]),
      run(null, "1", [result("mailServer", "ok", "1"), result("pushBus", "notConfigured", "1")]),
    ];
    const last = latestResults(runs, 5);
    expect(last.get("mailServer")).toMatchObject({ status: "failed", by: "Super 3" });
    expect(last.get("pushBus")).toMatchObject({ status: "notConfigured", by: "Super 1" });
    expect(last.get("interchange")).toMatchObject({ status: "failed", by: "Super 2" });
    expect(last.get("tenantDatabase")).toMatchObject({ status: "ok" });
    expect(latestResults(runs, null).has("interchange")).toBe(false);
  });

  test("rows of another shape (an older version's, a check no longer known) are passed over", () => {
    const runs: CheckRun[] = [
      { at: "1", userName: "x", tenantId: null, detail: null },
      run(null, "1", [null, result("faxMachine", "ok", "1"), result("smsGateway", "ok", "1")]),
    ];
    expect([...latestResults(runs, null).keys()]).toEqual(["smsGateway"]);
  });
});

describe("the testing home's interchange line", () => {
  const tenant = (clients: number, enabled: number, live: number) => ({
    tenantId: 1,
    tenantName: "A",
    clients,
    enabled,
    live,
  });
  test("no client, none turned on, none heard from, or available", () => {
    expect(interchangeState([]).message).toBe("No interchange clients are available");
    expect(interchangeState([tenant(0, 0, 0)]).state).toBe("noClients");
    expect(interchangeState([tenant(2, 0, 0)]).message).toBe(
      "Interchange is not currently connected for this environment",
    );
    expect(interchangeState([tenant(2, 1, 0)]).message).toBe("Interchange is not available");
    expect(interchangeState([tenant(2, 1, 0), tenant(1, 1, 1)]).message).toBe("Interchange is available.");
  });
});
