/** A tab a species over a settings list (none when there is only one species to choose). */
import { TabBar } from "../../client/ui/TabBar.tsx";

export function SpeciesTabs({ species, current, href }: {
  species: readonly { id: number; name: string }[];
  current: number;
  /** the list's address for that species */
  href: (speciesId: number) => string;
}) {
  if (species.length < 2) return null;
  return (
    <TabBar
      tabs={species.map((s) => ({ key: String(s.id), title: s.name }))}
      current={String(current)}
      href={(key) => href(Number(key))}
    />
  );
}
