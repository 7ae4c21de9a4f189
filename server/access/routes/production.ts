import { route, type RouteDef, SUPER_ONLY } from "./define.ts";

/**
 * Production scheduling (spec 3 §2.2). Super-only pages still need their
 * module (no allowSuper): without it the tenant has no production data.
 * Module per page: schedules/sales orders/plan execution → scheduleBuilder;
 * product definitions, bulk operations, comparison → productDefinitions;
 * recipes and ingredients → recipes.
 */
const ps = (rest: string) => `/productionscheduling${rest}`;
const BUILDER = { modules: ["scheduleBuilder"], icon: "schedule" } as const;
const PRODUCTS = { modules: ["productDefinitions"], icon: "product" } as const;
const RECIPES = { modules: ["recipes"], icon: "recipe" } as const;
const MENU = { inHomeMenu: true, nestedMenu: "Scheduling" } as const;

export const PRODUCTION_ROUTES = [
  route(ps("/schedulebuilder"), "Schedule Builder", "schedulebuilder", {
    ...SUPER_ONLY,
    ...BUILDER,
    inHomeMenu: true,
    canBeHomePage: true,
    homeModule: "scheduleBuilder",
    children: [
      route(ps("/predictedproducts"), "Predicted Products", "predictedproducts", {
        ...SUPER_ONLY,
        icon: "schedule",
        search: ["productionDate"],
      }),
      route(
        ps("/predictedproductsfromcarcass"),
        "Predicted Products From Carcass",
        "predictedproductsfromcarcass",
        {
          ...SUPER_ONLY,
          icon: "schedule",
          search: ["productionDate"],
        },
      ),
    ],
  }),
  route(ps("/productionschedules"), "Production Schedules", "productionschedules", {
    ...SUPER_ONLY,
    ...BUILDER,
    ...MENU,
    children: [
      route(ps("/scheduleplanexecution/$id"), "Schedule Plan Execution", "scheduleplanexecution", {
        ...SUPER_ONLY,
        icon: "schedule",
      }),
    ],
  }),
  route(ps("/recipes"), "Recipes", "recipes", {
    ...RECIPES,
    ...MENU,
    children: [
      route(ps("/recipeEditor/$primalCutId/$recipeId"), "Recipe Editor", "recipeEditor", { icon: "recipe" }),
      // passedPrimarys is one numeric, repeatable (comma-separated) segment.
      route(ps("/ingredient/$speciesId/$waiterOnLoad/$passedPrimarys"), "Ingredient", "ingredient", {
        icon: "recipe",
      }),
    ],
  }),
  route(ps("/salesorders"), "Sales Orders", "salesorders", {
    ...SUPER_ONLY,
    ...BUILDER,
    ...MENU,
    icon: "order",
  }),
  route(ps("/productdefinitions"), "Product Definitions", "productdefinitions", {
    ...PRODUCTS,
    ...MENU,
    children: [
      route(ps("/productdefinition/$id"), "Product Definition", "productdefinition", {
        icon: "product",
        children: [
          route(ps("/productdefinition/$id/map"), "Map", "productdefinitionMap", { icon: "product" }),
          route(ps("/productdefinition/$id/productPackaging"), "Packaging", "productdefinitionPackaging", {
            icon: "product",
          }),
          route(
            ps("/productdefinition/$id/newProductPackaging"),
            "New Packaging",
            "productdefinitionNewPackaging",
            {
              icon: "product",
            },
          ),
        ],
      }),
      route(
        ps("/productDefinitionUnmapped/$id"),
        "Unmapped Product Definition",
        "productDefinitionUnmapped",
        {
          icon: "product",
        },
      ),
      route(
        ps("/productDefinitionResolver/{-$selectedKey}"),
        "Product Definition Resolver",
        "productDefinitionResolver",
        {
          icon: "product",
        },
      ),
    ],
  }),
  route(ps("/bulkoperations"), "Bulk Operations", "bulkoperations", { ...SUPER_ONLY, ...PRODUCTS, ...MENU }),
  route(ps("/productcomparison"), "Product Comparison", "productcomparison", {
    ...SUPER_ONLY,
    ...PRODUCTS,
    ...MENU,
    children: [
      route(ps("/productcomparisonsummary"), "Product Comparison Summary", "productcomparisonsummary", {
        ...SUPER_ONLY,
        icon: "product",
      }),
      route(ps("/planagainstactual"), "Plan Against Actual", "planagainstactual", {
        ...SUPER_ONLY,
        icon: "product",
        search: ["plan"],
      }),
    ],
  }),
] as const satisfies readonly RouteDef[];
