/** Tabs as links (server-rendered, no script): the buy home, price grids and livestock targets use them. */
export function TabBar({ tabs, current, href }: {
  tabs: readonly { key: string; title: string }[];
  current: string;
  href: (key: string) => string;
}) {
  return (
    <nav className="tabs" aria-label="Sections">
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
