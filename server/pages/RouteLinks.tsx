import { Icon } from "./Icon.tsx";

/** Links to screens, each with its icon: as tiles (a home page) or as a plain list (a section's index). */
export function RouteLinks({ links, look, empty }: {
  links: readonly { name: string; path: string; icon: string; title: string }[];
  look: "tiles" | "list";
  /** said when there is no link */
  empty: string;
}) {
  if (!links.length) return <p className="muted">{empty}</p>;
  return (
    <ul className={look === "tiles" ? "tiles" : "link-list"}>
      {links.map((l) => (
        <li key={l.name}>
          <a className={look === "tiles" ? "tile" : undefined} href={l.path}>
            <Icon name={l.icon} /> {l.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
