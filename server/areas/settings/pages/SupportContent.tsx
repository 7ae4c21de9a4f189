/**
 * Settings › Support content and Settings › Release notes (spec 2 §2.2, §3): the sections with their
 * title and last change; a super user adds, edits and deletes them (a form for one section at a time,
 * chosen by `?edit=`), everyone else reads. /support/content/{sectionKey} shows one section to anyone
 * signed in, with the other sections of its kind beside it.
 */
import { z } from "zod";
import { Table } from "../../../../client/ui/Table.tsx";
import { formatDateTime } from "../../../../kernel/format.ts";
import { canSeeRouteNamed } from "../../../access/policy.ts";
import { idNumber } from "../../../http/params.ts";
import type { PageContext } from "../../../pages/context.ts";
import { ActionButton, DataForm } from "../../../pages/islands.tsx";
import { defineScreen } from "../../../pages/screen.ts";
import { pageAreaContext } from "../../context.ts";
import { SETTINGS_API } from "../api.ts";
import { supportContent, supportSection } from "../operations/content.ts";
import { SECTION_KEY, SUPPORT_TYPES, type SupportTypeId } from "../rules.ts";
import { HelpText } from "./HelpText.tsx";

const KIND = {
  [SUPPORT_TYPES.support]: { path: "/settings/supportcontent", one: "help section", title: "Help sections" },
  [SUPPORT_TYPES.releases]: { path: "/settings/releasenotes", one: "release note", title: "Release notes" },
} as const;

/** Writing help is the support content tab's right (super), whichever tab shows the form. */
const mayEdit = (context: PageContext) =>
  canSeeRouteNamed(context.caller!.subject, "settingsSupportContent", context.routes);

function contentScreen(settingTypeId: SupportTypeId) {
  const kind = KIND[settingTypeId];
  return defineScreen({
    validateSearch: z.object({ edit: z.union([z.literal("new"), idNumber()]).optional() }),
    loader: async ({ context, search }) => {
      const content = await supportContent(await pageAreaContext(context), settingTypeId);
      const editing = search.edit === "new"
        ? "new" as const
        : content.sections.find((s) => s.id === search.edit);
      return { content, editing: mayEdit(context) ? editing : undefined, canEdit: mayEdit(context) };
    },
    component: ({ data, context }) => {
      const { content, editing, canEdit } = data;
      return (
        <>
          <section className="panel" aria-labelledby="sections-title">
            <div className="panel-head">
              <h2 id="sections-title">{kind.title}</h2>
              {canEdit && <a className="btn btn-primary" href={`${kind.path}?edit=new`}>Add a {kind.one}</a>}
            </div>
            <Table
              rows={content.sections}
              rowKey={(s) => s.id}
              empty={`No ${kind.one} has been written yet.`}
              columns={[
                { header: "Title", cell: (s) => <a href={`/support/content/${s.sectionKey}`}>{s.title}</a> },
                {
                  header: "Last changed",
                  className: "nowrap",
                  cell: (s) => formatDateTime(s.lastModifiedUtc, context.timeZone),
                },
                { header: "By", optional: true, cell: (s) => s.modifiedBy || "—" },
                ...(canEdit
                  ? [{
                    header: "Actions",
                    srOnly: true,
                    cell: (s: (typeof content.sections)[number]) => (
                      <span className="row-actions">
                        <a href={`${kind.path}?edit=${s.id}`} aria-label={`Edit ${s.title}`}>Edit</a>
                        <ActionButton
                          label="Delete"
                          variant="ghost"
                          url={SETTINGS_API.deleteSection}
                          body={{ id: s.id }}
                          confirm={`Delete “${s.title}”? Readers will no longer find it.`}
                          successToast="The section was deleted."
                        />
                      </span>
                    ),
                  }]
                  : []),
              ]}
            />
          </section>
          {editing && (
            <section className="panel" aria-labelledby="section-form-title">
              <h2 id="section-form-title">
                {editing === "new" ? `New ${kind.one}` : `Edit “${editing.title}”`}
              </h2>
              <DataForm
                id="support-section"
                fields={[
                  { name: "id", label: "Id", type: "id" },
                  { name: "title", label: "Title", type: "text", required: true },
                  {
                    name: "sectionKey",
                    label: "Address",
                    type: "text",
                    help:
                      "The end of /support/content/…: lower-case letters, digits and dashes. Blank: made from the title.",
                  },
                  {
                    name: "body",
                    label: "Text",
                    type: "textarea",
                    help:
                      "A blank line starts a new paragraph; a line starting with “- ” is a list item; **bold**.",
                  },
                  {
                    name: "sortOrder",
                    label: settingTypeId === SUPPORT_TYPES.releases ? "Release number" : "Order",
                    type: "number",
                    help: settingTypeId === SUPPORT_TYPES.releases
                      ? "Higher numbers are listed first."
                      : "Lower numbers are listed first.",
                  },
                ]}
                initial={editing === "new"
                  ? { id: "", title: "", sectionKey: "", body: "", sortOrder: 0, settingTypeId }
                  : {
                    id: editing.id,
                    title: editing.title,
                    sectionKey: editing.sectionKey,
                    body: editing.body,
                    sortOrder: editing.sortOrder,
                    settingTypeId,
                    lastModifiedUtc: editing.lastModifiedUtc,
                  }}
                submit={{ method: "POST", url: SETTINGS_API.saveSection }}
                successToast="The section was saved."
                cancelHref={kind.path}
                redirectTo={kind.path}
              />
            </section>
          )}
        </>
      );
    },
  });
}

export const SupportContentScreen = contentScreen(SUPPORT_TYPES.support);
export const ReleaseNotesScreen = contentScreen(SUPPORT_TYPES.releases);

/** /support/content/{sectionKey}: one section for anyone signed in, the others of its kind beside it. */
export const SupportSectionScreen = defineScreen({
  loader: async ({ context, params }) => {
    const key = params.sectionKey ?? "";
    const ctx = await pageAreaContext(context);
    const section = await supportSection(ctx, SECTION_KEY.test(key) ? key : "-");
    const { sections } = await supportContent(ctx, section.settingTypeId as SupportTypeId);
    return { section, sections };
  },
  component: ({ data, context }) => (
    <div className="help-layout">
      <article className="panel help-article" aria-labelledby="help-title">
        <h2 id="help-title">{data.section.title}</h2>
        <p className="muted small">
          Last changed {formatDateTime(data.section.lastModifiedUtc, context.timeZone)}
        </p>
        <HelpText body={data.section.body} />
      </article>
      <nav
        className="panel help-nav"
        aria-label={KIND[data.section.settingTypeId as SupportTypeId]?.title ?? "Help"}
      >
        <h2>{KIND[data.section.settingTypeId as SupportTypeId]?.title ?? "Help"}</h2>
        <ul className="link-list">
          {data.sections.map((s) => (
            <li key={s.id}>
              <a
                href={`/support/content/${s.sectionKey}`}
                aria-current={s.id === data.section.id ? "page" : undefined}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  ),
});
