/**
 * The builder's pieces: a recipe chip (dragged; focus it and press Space to lift it), a group card (a
 * drop target listing the recipes it takes, each with a button to take it off).
 */
import { useDraggable, useDroppable } from "@dnd-kit/core";
import type { PlanRecipe } from "../../../server/areas/planning/builder/rules.ts";
import type { BuilderGroup } from "./model.ts";

const moveStyle = (t: { x: number; y: number } | null) =>
  t ? { transform: `translate3d(${Math.round(t.x)}px, ${Math.round(t.y)}px, 0)` } : undefined;

export function RecipeChip({ recipe, primalName, disabled }: {
  recipe: PlanRecipe;
  primalName: string;
  disabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `recipe:${recipe.id}`,
    disabled,
  });
  return (
    // a plain element: dnd-kit gives it role=button, which no list item may carry
    <div
      ref={setNodeRef}
      className={`builder-recipe${isDragging ? " is-dragging" : ""}`}
      style={moveStyle(transform)}
      {...attributes}
      aria-roledescription="recipe you can drop on a group"
      aria-label={`${recipe.name} (${primalName})`}
      data-recipe={recipe.id}
      {...listeners}
    >
      {recipe.name}
    </div>
  );
}

export function GroupCard({ group, recipeIds, recipes, isOver, onRemove, disabled }: {
  group: BuilderGroup;
  recipeIds: number[];
  recipes: ReadonlyMap<number, PlanRecipe>;
  isOver: boolean;
  onRemove: (recipeId: number) => void;
  disabled: boolean;
}) {
  const { setNodeRef } = useDroppable({ id: `group:${group.id}` });
  return (
    <section
      ref={setNodeRef}
      className={`builder-group${isOver ? " is-over" : ""}`}
      aria-label={group.label}
      data-group={group.id}
    >
      <h3>{group.label}</h3>
      <p className="builder-group-detail">{group.detail}</p>
      {recipeIds.length
        ? (
          <ul className="builder-group-recipes">
            {recipeIds.map((id) => (
              <li key={id}>
                {recipes.get(id)?.name ?? `Recipe ${id}`}
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={disabled}
                  aria-label={`Take ${recipes.get(id)?.name ?? "the recipe"} off ${group.label}`}
                  onClick={() => onRemove(id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )
        : <p className="builder-empty">Drop a recipe here</p>}
    </section>
  );
}

export { ProductsTable, StatisticsTable } from "./tables.tsx";
