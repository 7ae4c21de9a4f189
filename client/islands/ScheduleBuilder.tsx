/**
 * The schedule builder (spec 3 §2.2 schedulebuilder; issue 41 item 5): the day's carcass groups beside the
 * species' recipes by primal. Drag a recipe onto a group (or, from the keyboard, focus a recipe, Space
 * to lift it, the arrow keys to step through the groups, Space to drop it): the group takes it in place
 * of its recipe for the same primal, and the predicted products and the statistic rows (Total, Orders,
 * +, Filled, Unfilled per cut) recompute at once from the pure rules the server uses. Save keeps the plan
 * (a plan changed by someone else since it was opened is refused with 409 and the page says so).
 */
import { useMemo, useState } from "react";
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { api } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { formatDate } from "../../kernel/format.ts";
import { dropRecipe, planOutcome, removeRecipe } from "../../server/areas/planning/builder/rules.ts";
import { planBody, type SavedPlan, type ScheduleBuilderProps } from "./scheduleBuilder/model.ts";
import { GroupCard, ProductsTable, RecipeChip, StatisticsTable } from "./scheduleBuilder/Parts.tsx";
import { builderCollisions, builderKeyboardCoordinates } from "./scheduleBuilder/dnd.ts";
import { announcements } from "./killAgenda/announce.ts";

export type { ScheduleBuilderProps };

export default function ScheduleBuilder(props: ScheduleBuilderProps) {
  const [plan, setPlan] = useState<SavedPlan>(props.plan);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [overGroup, setOverGroup] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: builderKeyboardCoordinates }),
  );
  const recipes = useMemo(() => new Map(props.recipes.map((r) => [r.id, r])), [props.recipes]);
  const primals = useMemo(() => new Map(props.primals.map((p) => [p.primalId, p])), [props.primals]);
  const outcome = useMemo(() =>
    planOutcome({
      groups: props.groups,
      assignments: plan.assignments,
      recipes,
      primals,
      products: props.products,
      orderedKgByCut: props.orderedKgByCut,
      basis: plan.basis,
    }), [plan.assignments, plan.basis, props, recipes, primals]);

  const change = (next: Partial<SavedPlan>) => {
    setPlan((p) => ({ ...p, ...next }));
    setDirty(true);
  };
  const groupName = (id: string) => props.groups.find((g) => `group:${g.id}` === id)?.label ?? "no group";
  const recipeName = (id: string) => recipes.get(Number(id.split(":")[1]))?.name ?? "the recipe";

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setOverGroup(null);
    const recipe = recipes.get(Number(String(active.id).split(":")[1]));
    if (!over || !recipe || busy) return;
    const groupId = String(over.id).slice("group:".length);
    change({ assignments: dropRecipe(plan.assignments, groupId, recipe, recipes) });
  };

  const save = async () => {
    if (!plan.name.trim()) return void toast("warning", "Give the plan a name before saving.");
    setBusy(true);
    try {
      const saved = await api<{ id: number; lastModified: string }>(
        "POST",
        props.urls.save,
        planBody(props, plan),
      );
      setPlan((p) => ({ ...p, id: saved.id, lastModified: saved.lastModified }));
      setDirty(false);
      // the address names the plan now, so a reload (or a link sent on) opens it, not the day's first
      const here = new URL(location.href);
      here.searchParams.set("plan", String(saved.id));
      history.replaceState(history.state, "", here);
      toast("success", `Plan "${plan.name.trim()}" saved.`);
    } catch {
      // the api client has said why (a 409: someone saved the plan since; reload to see theirs)
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (
      plan.id === null ||
      !globalThis.confirm(`Delete the plan "${plan.name}"? Its recipes come off every group.`)
    ) {
      return;
    }
    setBusy(true);
    try {
      await api("POST", props.urls.remove, { id: plan.id, lastModified: plan.lastModified ?? undefined });
      setPlan({ id: null, name: "", basis: plan.basis, assignments: [], lastModified: null });
      setDirty(false);
      toast("success", "Plan deleted.");
    } catch {
      // toasted by the api client
    } finally {
      setBusy(false);
    }
  };

  const byPrimal = props.primals.map((p) => ({
    primal: p,
    recipes: props.recipes.filter((r) => r.primalId === p.primalId),
  }))
    .filter((p) => p.recipes.length);
  const assigned = new Map(plan.assignments.map((a) => [a.groupId, a.recipeIds]));

  return (
    <div className="schedule-builder">
      <div className="builder-toolbar">
        <label>
          Plan name{" "}
          <input
            value={plan.name}
            maxLength={100}
            onChange={(e) => change({ name: e.target.value })}
            aria-label="Plan name"
          />
        </label>
        <label>
          Predict from{" "}
          <select
            value={plan.basis}
            onChange={(e) => change({ basis: e.target.value as SavedPlan["basis"] })}
          >
            <option value="standard">standard yields</option>
            <option value="carcass">each carcass's weight and fat</option>
          </select>
        </label>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={save}>
          Save plan
        </button>
        {plan.id !== null && (
          <button type="button" className="btn" disabled={busy} onClick={remove}>Delete plan</button>
        )}
        <span className="builder-state" role="status">
          {dirty
            ? "Unsaved changes"
            : plan.id !== null
            ? `Saved plan for ${formatDate(props.productionDate)}`
            : ""}
        </span>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={builderCollisions}
        onDragOver={({ over }) => setOverGroup(over ? String(over.id) : null)}
        onDragCancel={() => setOverGroup(null)}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: announcements((id) => recipeName(String(id)), (id) => groupName(String(id))),
        }}
      >
        <div className="builder-board">
          <aside className="builder-recipes" aria-label="Recipes by primal">
            <h2>Recipes</h2>
            {byPrimal.map(({ primal, recipes: list }) => (
              <div key={primal.primalId}>
                <h3>{primal.name}</h3>
                <div className="builder-recipe-list">
                  {list.map((r) => (
                    <RecipeChip key={r.id} recipe={r} primalName={primal.name} disabled={busy} />
                  ))}
                </div>
              </div>
            ))}
            {!byPrimal.length && <p className="builder-empty">No recipes for this species yet.</p>}
          </aside>
          <div className="builder-groups">
            <h2>Carcass groups</h2>
            {props.groups.map((g) => (
              <GroupCard
                key={g.id}
                group={g}
                recipeIds={assigned.get(g.id) ?? []}
                recipes={recipes}
                isOver={overGroup === `group:${g.id}`}
                disabled={busy}
                onRemove={(id) => change({ assignments: removeRecipe(plan.assignments, g.id, id) })}
              />
            ))}
            {!props.groups.length && (
              <p className="builder-empty">No carcasses killed or planned for this day.</p>
            )}
          </div>
        </div>
      </DndContext>
      <h2>Predicted against ordered</h2>
      {/* focusable, so a keyboard can scroll it (the table may be wider than the page) */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Predicted against ordered">
        <StatisticsTable rows={outcome.statistics} speciesId={props.speciesId} />
      </div>
      <h2>Predicted products</h2>
      <ProductsTable products={outcome.products} />
    </div>
  );
}
