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
    search: ["tab", "q"],
    children: [
      route(p("/ordergroup/new"), "New Order Group", "orderGroupNew", {
        ...PROCESSOR,
        icon: "order",
      }),
      route(p("/ordergroup/newGroup"), "New Group", "orderGroupNewGroup", {
        ...PROCESSOR,
        icon: "order",
      }),
      route(p("/ordergroups/$id"), "Order Group", "orderGroup", { ...PROCESSOR, icon: "order" }),
      route(p("/order/new/$livestockOrderGroupId"), "New Order", "orderNew", {
        ...PROCESSOR,
        icon: "order",
      }),
      route(p("/ordersplit/$livestockOrderGroupId/$orderId"), "Split Order", "orderSplit", {
        ...PROCESSOR,
        icon: "order",
      }),
      route(p("/orders/$id"), "Order", "order", { ...PROCESSOR, icon: "order" }),
      route(p("/supplier/new"), "New Supplier", "supplierNew", { icon: "supplier" }),
      route(p("/suppliers/$id"), "Supplier", "supplier", { icon: "supplier" }),
      // ours (issue 44 §1): the supplier's producer portal links (invite, link by code, scopes, revoke)
      route(p("/suppliers/$id/portal"), "Producer Portal Link", "supplierPortal", {
        ...PROCESSOR,
        roleValue: "admin",
        icon: "farmer",
      }),
      route(p("/buyer/new"), "New Buyer", "buyerNew", { icon: "buyer" }),
      route(p("/buyer/$id"), "Buyer", "buyer", { icon: "buyer" }),
      route(p("/transportCompany/new"), "New Transport Company", "transportCompanyNew", {
        icon: "truck",
      }),
      route(p("/transportCompanies/$id"), "Transport Company", "transportCompany", {
        icon: "truck",
      }),
      route(p("/stakeholder/new"), "New Stakeholder", "stakeholderNew", { icon: "stakeholder" }),
      route(p("/stakeholders/$id"), "Stakeholder", "stakeholder", { icon: "stakeholder" }),
    ],
  }),
  route(p("/deliveries"), "Deliveries", "deliveries", {
    ...LIVESTOCK_PAGE,
    ...PROCESSOR,
    icon: "delivery",
    children: [
      route(p("/deliveries/$fromDate"), "Deliveries", "deliveriesFromDate", {
        icon: "delivery",
      }),
    ],
  }),
  route(p("/undeliveredorders"), "Undelivered Orders", "undeliveredorders", {
    ...LIVESTOCK_PAGE,
    ...PROCESSOR,
    icon: "order",
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
