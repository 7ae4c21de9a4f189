/**
 * /tester (spec 3 §2.5, §6: the testing roles only): the tester's home, in two tabs (`?tab=`): the
 * testing home's panels for their own organisation, and its files (Settings › Files & publishing, the
 * same screen), with a link to API testing for a super user.
 */
import { z } from "zod";
import { TabBar } from "../../../../../client/ui/TabBar.tsx";
import { defineScreen } from "../../../../pages/screen.ts";
import { FilesScreen } from "../../../storage/panels.tsx";
import { type HomeInfo, loadTestingHome, TestingHomeSections } from "../../testing/pages/TestingHome.tsx";

const TABS = [{ key: "testing", title: "Testing" }, { key: "files", title: "Files" }] as const;
type Tab = typeof TABS[number]["key"];

const Search = z.object({ tab: z.enum(["testing", "files"]).optional() });
type Files = Awaited<ReturnType<NonNullable<typeof FilesScreen.loader>>>;
const FilesView = FilesScreen.component;

export const TesterHomeScreen = defineScreen({
  validateSearch: Search,
  loader: async ({ context, search, params }) => {
    const tab: Tab = search.tab ?? "testing";
    return {
      tab,
      info: tab === "testing" ? await loadTestingHome(context, true) : null as HomeInfo | null,
      files: tab === "files" ? await FilesScreen.loader!({ context, search: {}, params }) as Files : null,
    };
  },
  component: ({ data, context, params }) => (
    <>
      <TabBar label="Testing" tabs={TABS} current={data.tab} href={(k) => `/tester?tab=${k}`} />
      {data.info && <TestingHomeSections info={data.info} context={context} />}
      {data.files && <FilesView data={data.files} search={{}} params={params} context={context} />}
      <p className="muted small">
        The API reference: <a href="/api/docs" target="_blank" rel="noopener">API testing</a>{" "}
        (opens in a new tab; its calls run as you).
      </p>
    </>
  ),
});
