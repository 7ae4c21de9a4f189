/** Tabs as links (server-rendered, no script): the buy home, price grids and livestock targets use them. */
export function TabBar({ tabs, current, href, label = "Sections" }: {
  tabs: readonly { key: string; title: string }[];
  current: string;
  href: (key: string) => string;
  /** the navigation's name, when a page has two tab strips (the settings tabs and a page's own) */
  label?: string;
}) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((t) => (
        <a
          key={t.key}
          href={href(t.key)}
          className="tab"
          aria-current={t.key === current ? "page" : undefined}
        >
          {t.title}
        </a>
      ))}
    </nav>
  );
}
