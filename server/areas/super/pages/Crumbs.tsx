/** Where a super screen sits: Organisations › the tenant › this screen (the last one is the page). */
export function Crumbs({ trail }: { trail: readonly (readonly [label: string, href?: string])[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumbs">
        {trail.map(([label, href]) => <li key={label}>{href ? <a href={href}>{label}</a> : label}</li>)}
      </ol>
    </nav>
  );
}
