/** What a planning page shows when the caller has no species enabled (products, recipes, the resolver). */
export function NoSpecies() {
  return (
    <section className="panel">
      <p className="muted">No species is enabled for you.</p>
    </section>
  );
}
