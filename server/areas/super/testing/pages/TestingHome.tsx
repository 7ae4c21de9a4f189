/**
 * The testing home ({product}Testing, spec 3 §2.5; home/test, and the top of /super/testing and /tester)
 * for testing users: a list of sections, each a component over the home's info. Another part adds its
 * panel (demo data, test results) by adding its section to TESTING_HOME_SECTIONS.
 */
import type { ComponentType } from "react";
import type { z } from "@hono/zod-openapi";
import { addDays } from "../../../../../kernel/dates.ts";
import type { PageContext } from "../../../../pages/context.ts";
import { defineScreen } from "../../../../pages/screen.ts";
import { YieldReprocess } from "../../../../pages/islands.tsx";
import { pageAreaContext } from "../../../context.ts";
import { ClientCard } from "../../../integrations/panels.tsx";
import { YIELD_REPROCESS_API } from "../../yieldReprocess/api.ts";
import { RANGE_HINT } from "../../yieldReprocess/rules.ts";
import { testingHomeInfo } from "../operations/home.ts";
import { SUPER_TESTING_API } from "../api.ts";
import type { TestingHomeInfo } from "../schemas.ts";

export type HomeInfo = z.output<typeof TestingHomeInfo>;
export type TestingSection = ComponentType<{ info: HomeInfo; context: PageContext }>;

export async function loadTestingHome(context: PageContext, ownOnly = false): Promise<HomeInfo> {
  return testingHomeInfo(await pageAreaContext(context), { ownOnly });
}

/** Interchange cards of every organisation looked after, errors first (spec 3 §4, §8). */
function InterchangePanel({ info, context }: { info: HomeInfo; context: PageContext }) {
  const status = info.interchangeClientStatus;
  const alert = status.state === "available" ? "alert alert-success" : "alert alert-warning";
  return (
    <section className="panel" aria-labelledby="th-interchange">
      <div className="panel-head">
        <h2 id="th-interchange">Interchange clients</h2>
        <a className="btn no-print" href="?">Check again</a>
      </div>
      <p role="status" className={alert}>{status.message}</p>
      {status.clients.length > 0 && (
        <div className="interchange-cards">
          {status.clients.map((c) => (
            <ClientCard
              key={`${c.tenantId}-${c.id}`}
              client={c}
              timeZone={context.timeZone}
              reset={{ url: SUPER_TESTING_API.resetTenantDataFlow, tenantId: c.tenantId }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** Yield reprocessing per client (spec 3 §4, §5), and how it differs from the kill data recount. */
function ReprocessPanel({ info, context }: { info: HomeInfo; context: PageContext }) {
  return (
    <section className="panel" aria-labelledby="th-reprocess">
      <h2 id="th-reprocess">Yield reprocessing</h2>
      <p className="muted">
        Rebuilds a client's yield summaries of a species from its carcass and carton records, 1 to 21 days at
        a time{" "}
        {RANGE_HINT}, counting the days inclusively. Only organisations whose setting allows reprocessing
        during onboarding are listed. It does not touch orders or invoices: to count orders' processed head
        again and recompute draft invoices, a super user uses Reprocess kill data on the organisation's page.
      </p>
      <YieldReprocess
        clients={info.reprocessingClients}
        available={Object.fromEntries(
          info.interchangeClientStatus.tenants.map((t) => [String(t.tenantId), t.isAvailable]),
        )}
        fromDate={addDays(context.today, -7)}
        toDate={addDays(context.today, -1)}
        urls={{ ...YIELD_REPROCESS_API, info: SUPER_TESTING_API.testingHomeInfo }}
      />
    </section>
  );
}

function LinksPanel({ context }: { info: HomeInfo; context: PageContext }) {
  const isSuper = context.caller?.subject.roleLevel === "super";
  return (
    <section className="panel" aria-labelledby="th-links">
      <h2 id="th-links">Settings</h2>
      <ul className="link-list">
        {isSuper && (
          <li>
            <a href="/user/settings">User settings</a>
          </li>
        )}
        <li>
          <a href="/settings">App settings</a>
        </li>
        {isSuper && (
          <li>
            <a href="/super/appControl">App control</a>
          </li>
        )}
        {isSuper && (
          <li>
            <a href="/super/apiTesting">API testing</a>
          </li>
        )}
      </ul>
    </section>
  );
}

/** The home's sections in order: add a panel here. */
export const TESTING_HOME_SECTIONS: TestingSection[] = [InterchangePanel, ReprocessPanel, LinksPanel];

export function TestingHomeSections({ info, context }: { info: HomeInfo; context: PageContext }) {
  return (
    <>
      {TESTING_HOME_SECTIONS.map((Section, i) => <Section key={i} info={info} context={context} />)}
    </>
  );
}

/** home/test: the testing home. */
export const TestingHomeScreen = defineScreen({
  loader: ({ context }) => loadTestingHome(context),
  component: ({ data, context }) => <TestingHomeSections info={data} context={context} />,
});
