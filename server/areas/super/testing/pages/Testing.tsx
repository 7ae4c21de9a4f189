import { z } from "zod";
import { defineScreen } from "../../../../pages/screen.ts";
import { pageAreaContext } from "../../../context.ts";
import { ActionButton, DataForm } from "../../../../pages/islands.tsx";
import { Table } from "../../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../../kernel/format.ts";
import { idNumber } from "../../../../http/params.ts";
import { tenantChoice } from "../../pages/tenantChoice.ts";
import { tenantUsers } from "../../tenants/operations/tenantUsers.ts";
import { checkTargets, lastResults } from "../operations/checks.ts";
import { SUPER_TESTING_API } from "../api.ts";
import {
  CHECK_KEYS,
  CHECK_TIMEOUT_MS,
  type CheckKey,
  CHECKS,
  type CheckStatus,
  formatDuration,
  type LastResult,
  STATUS_LABELS,
} from "../rules.ts";
import { TenantPicker } from "../../pages/TenantPicker.tsx";
import { DemoDataPanel, demoDataPanelData } from "../../demoData/pages/DemoDataPanel.tsx";
import { TestResultsPanel, testResultsPanelData } from "../../testResults/pages/TestResultsPanel.tsx";
import { loadTestingHome, TestingHomeSections } from "./TestingHome.tsx";

/** the send forms sit side by side: short labels leave the addresses room */
const LABEL_WIDTH = "7.5rem";

const Search = z.object({ tenantId: idNumber().optional() });

const BADGES: Record<CheckStatus, string> = {
  ok: "badge badge-success",
  notConfigured: "badge badge-muted",
  failed: "badge badge-danger",
};

interface CheckRow {
  check: CheckKey;
  label: string;
  where: string;
  last: LastResult | null;
}

/** The tenants to choose from, the chosen one (default: the one the super user works in), its users. */
async function load(context: Parameters<typeof pageAreaContext>[0], tenantId: number | undefined) {
  const ctx = await pageAreaContext(context);
  const { tenants, tenant } = await tenantChoice(ctx, tenantId);
  const last = await lastResults(ctx, tenant?.id ?? null);
  const checks: CheckRow[] = checkTargets(ctx, tenant).map((t) => ({
    ...t,
    last: last.get(t.check) ?? null,
  }));
  const users = tenant
    ? (await tenantUsers(ctx, tenant.id)).filter((u) => !u.isDisabled).map((u) => ({
      value: String(u.id),
      label: `${u.fullName || u.email} (${u.email})`,
    }))
    : [];
  // the demo data panel and the test results viewer (super/demoData, super/testResults)
  const [demoData, testRuns] = await Promise.all([
    demoDataPanelData(ctx, tenant?.id ?? null),
    testResultsPanelData(ctx),
  ]);
  return { tenants, tenant, checks, users, demoData, testRuns };
}

/** The badge, what happened, and when and by whom (another super user's run shows too). */
function Result({ last, timeZone }: { last: LastResult | null; timeZone: string }) {
  if (!last) return <span className="muted">Not run yet</span>;
  return (
    <>
      <span className={BADGES[last.status]} data-status={last.status}>{STATUS_LABELS[last.status]}</span>{" "}
      {last.result}
      <div className="muted small">{formatDateTime(last.at, timeZone)} · {last.by}</div>
    </>
  );
}

/**
 * Testing (spec 2 §2.3, §7.6 "ping the interchange service"): the testing home's sections, then connection checks of what the app runs on,
 * each run on demand with its last result (from the super audit, so every super user sees the same),
 * and test sends of an email, a text and a notification, each answered in place.
 */
export const SuperTestingScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search }) => ({
    ...await load(context, search.tenantId),
    home: await loadTestingHome(context),
  }),
  component: ({ data, context }) => {
    const tenantId = data.tenant?.id ?? null;
    const runnable = (check: CheckKey) => !CHECKS[check].tenant || tenantId !== null;
    return (
      <>
        <TestingHomeSections info={data.home} context={context} />
        <section className="panel">
          <div className="panel-head">
            <h2>Connection checks</h2>
            <TenantPicker tenants={data.tenants} current={tenantId ?? undefined} action="/super/testing" />
            <ActionButton
              label="Run all checks"
              variant="primary"
              url={SUPER_TESTING_API.runConnectionChecks}
              body={{ tenantId, checks: CHECK_KEYS.filter(runnable) }}
              successToast="The checks ran: their results are in the table."
            />
          </div>
          <Table<CheckRow>
            rows={data.checks}
            rowKey={(r) => r.check}
            empty="No checks."
            columns={[
              {
                header: "Check",
                cell: (r) => (
                  <>
                    <strong>{r.label}</strong>
                    <div className="muted small">{r.where}</div>
                  </>
                ),
              },
              { header: "Last result", cell: (r) => <Result last={r.last} timeZone={context.timeZone} /> },
              {
                header: "Took",
                className: "num nowrap",
                cell: (r) => (r.last ? formatDuration(r.last.durationMs) : "—"),
              },
              {
                header: "Run",
                srOnly: true,
                className: "nowrap",
                cell: (r) =>
                  runnable(r.check) && (
                    <ActionButton
                      label={r.check === "interchange" ? "Ping" : "Check"}
                      url={SUPER_TESTING_API.runConnectionChecks}
                      body={{ tenantId, checks: [r.check] }}
                      successToast={`${r.check === "interchange" ? "Pinged" : "Checked"} ${
                        CHECKS[r.check].what
                      }: the result is in the table.`}
                    />
                  ),
              },
            ]}
          />
          <p className="muted small">
            Each check gives up after {CHECK_TIMEOUT_MS / 1000}{" "}
            seconds. Nothing is sent: the mail server and the SMS gateway are only asked to answer, and the
            file storage check removes its probe file. Every run is recorded with the super user actions.
          </p>
        </section>
        <div className="grid">
          <section className="panel">
            <DataForm
              id="test-email"
              title="Test email"
              fields={[{
                name: "to",
                label: "Send to",
                type: "email",
                required: true,
                help: "Your own address unless you change it.",
                labelWidth: LABEL_WIDTH,
              }]}
              initial={{ to: context.caller!.user.email }}
              submit={{ method: "POST", url: SUPER_TESTING_API.sendTestEmail }}
              submitLabel="Send test email"
              successToast="The test email was sent."
              successNotice={{ field: "result", label: "Result" }}
            />
          </section>
          <section className="panel">
            <DataForm
              id="test-text"
              title="Test text message"
              fields={[{
                name: "to",
                label: "Mobile number",
                type: "tel",
                required: true,
                placeholder: "0412 345 678",
                help: "An Australian mobile, or + and the country code.",
                labelWidth: LABEL_WIDTH,
              }]}
              initial={{ to: context.caller!.user.phone ?? "" }}
              submit={{ method: "POST", url: SUPER_TESTING_API.sendTestText }}
              submitLabel="Send test text"
              successToast="The test text was sent."
              successNotice={{ field: "result", label: "Result" }}
            />
          </section>
          {data.tenant && (
            <section className="panel">
              <DataForm
                id="test-notification"
                title={`Test notification in ${data.tenant.name}`}
                fields={[
                  {
                    name: "userId",
                    label: "User",
                    type: "select",
                    required: true,
                    placeholder: "Choose…",
                    options: data.users,
                    valueType: "number",
                    labelWidth: LABEL_WIDTH,
                  },
                  { name: "title", label: "Title", type: "text", required: true, labelWidth: LABEL_WIDTH },
                  { name: "message", label: "Message", type: "textarea", labelWidth: LABEL_WIDTH },
                ]}
                initial={{
                  tenantId: data.tenant.id,
                  userId: "",
                  title: "Test notification",
                  message: "A test from the super user: nothing needs doing.",
                }}
                submit={{ method: "POST", url: SUPER_TESTING_API.sendTestNotification }}
                submitLabel="Send test notification"
                successToast="The test notification was sent."
                successNotice={{ field: "result", label: "Result" }}
              />
            </section>
          )}
        </div>
        <p className="muted small">
          Mail and texts sent while no mail server or SMS gateway is configured are kept in the{" "}
          <a href="/super/outbox">Outbox</a>.
        </p>
        <DemoDataPanel data={data.demoData} timeZone={context.timeZone} />
        <TestResultsPanel runs={data.testRuns} timeZone={context.timeZone} />
      </>
    );
  },
});
