import { route, type RouteDef } from "./define.ts";

/**
 * Livestock routes (spec 1 §2 "Livestock routes"). The spec gives no prefix;
 * they live under /home/livestock. The buyer area hangs under the buy
 * module's landing page (the buy home); the other pages need the livestock
 * module, and deliveries/orders/undelivered/carcass distribution a processor
 * tenant (spec 1 §6).
 */
export const LIVESTOCK_PREFIX = "/home/livestock";
const p = (rest: string) => `${LIVESTOCK_PREFIX}${rest}`;

const PROCESSOR = { tenantCategory: "processor" } as const;
const LIVESTOCK_PAGE = { modules: ["livestock"], inHomeMenu: true, nestedMenu: "Livestock" } as const;

export const LIVESTOCK_ROUTES = [
  route(LIVESTOCK_PREFIX, "Livestock Orders", "livestock", {
    modules: ["buy"],
    icon: "livestock",
    inHomeMenu: true,
    canBeHomePage: true,
    homeModule: "buy",
    built: true,
    search: ["tab", "q"],
    children: [
      route(p("/ordergroup/new"), "New Order Group", "orderGroupNew", {
        ...PROCESSOR,
        icon: "order",
        built: true,
      }),
      route(p("/ordergroup/newGroup"), "New Group", "orderGroupNewGroup", {
        ...PROCESSOR,
        icon: "order",
        built: true,
      }),
      route(p("/ordergroups/$id"), "Order Group", "orderGroup", { ...PROCESSOR, icon: "order", built: true }),
      route(p("/order/new/$livestockOrderGroupId"), "New Order", "orderNew", {
        ...PROCESSOR,
        icon: "order",
        built: true,
      }),
      route(p("/ordersplit/$livestockOrderGroupId/$orderId"), "Split Order", "orderSplit", {
        ...PROCESSOR,
        icon: "order",
        built: true,
      }),
      route(p("/orders/$id"), "Order", "order", { ...PROCESSOR, icon: "order", built: true }),
      route(p("/supplier/new"), "New Supplier", "supplierNew", { icon: "supplier", built: true }),
      route(p("/suppliers/$id"), "Supplier", "supplier", { icon: "supplier", built: true }),
      route(p("/buyer/new"), "New Buyer", "buyerNew", { icon: "buyer", built: true }),
      route(p("/buyer/$id"), "Buyer", "buyer", { icon: "buyer", built: true }),
      route(p("/transportCompany/new"), "New Transport Company", "transportCompanyNew", {
        icon: "truck",
        built: true,
      }),
      route(p("/transportCompanies/$id"), "Transport Company", "transportCompany", {
        icon: "truck",
        built: true,
      }),
      route(p("/stakeholder/new"), "New Stakeholder", "stakeholderNew", { icon: "stakeholder", built: true }),
      route(p("/stakeholders/$id"), "Stakeholder", "stakeholder", { icon: "stakeholder", built: true }),
    ],
  }),
  route(p("/deliveries"), "Deliveries", "deliveries", {
    ...LIVESTOCK_PAGE,
    ...PROCESSOR,
    icon: "delivery",
    built: true,
    children: [
      route(p("/deliveries/$fromDate"), "Deliveries", "deliveriesFromDate", {
        icon: "delivery",
        built: true,
      }),
    ],
  }),
  route(p("/undeliveredorders"), "Undelivered Orders", "undeliveredorders", {
    ...LIVESTOCK_PAGE,
    ...PROCESSOR,
    icon: "order",
    built: true,
  }),
  route(p("/carcassdistribution"), "Carcass Distribution", "carcassdistribution", {
    ...LIVESTOCK_PAGE,
    ...PROCESSOR,
    icon: "carcass",
  }),
  route(p("/management"), "Livestock Management", "management", {
    ...LIVESTOCK_PAGE,
    icon: "livestock",
    children: [route(p("/management/$mobId"), "Mob", "managementMob", { icon: "livestock" })],
  }),
  route(p("/livestockBoxing"), "Livestock Boxing", "livestockBoxing", {
    ...LIVESTOCK_PAGE,
    modules: ["livestockBoxing"],
    icon: "box",
  }),
  route(p("/rfidDiscrepancies"), "RFID Discrepancies", "rfidDiscrepancies", {
    ...LIVESTOCK_PAGE,
    tenantSetting: "rfidDiscrepancies",
    icon: "rfid",
  }),
  route(p("/matchOrderNVDs"), "Match Order NVDs", "matchOrderNVDs", { ...LIVESTOCK_PAGE, icon: "document" }),
] as const satisfies readonly RouteDef[];
