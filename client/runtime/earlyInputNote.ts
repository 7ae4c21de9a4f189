/**
 * Notes input typed, ticked or chosen in an island before it hydrated (the shell listens with this to
 * every `input` event): the island is marked `data-touched`, and the field keeps what the user left in it,
 * which client/runtime/earlyInput.ts hands to React once the island has committed. (React hydrates in
 * slices and its first render after may put the server's value back on screen: the DOM alone would lose
 * it.) A choice in a select and a box's tick fire `input` too.
 */
export type EarlyField = HTMLInputElement & HTMLSelectElement & { early?: string | boolean };

export function noteEarlyInput(e: Event) {
  const field = e.target as EarlyField;
  const island = field.closest("[data-island]:not([data-hydrated])");
  if (!island) return;
  island.setAttribute("data-touched", "");
  field.early = /^(checkbox|radio)$/.test(field.type) ? field.checked : field.value;
}
