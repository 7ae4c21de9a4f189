import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { boxingOfDay, boxIntoDelivered, updateBoxing } from "./operations.ts";
import { Boxing, BoxingQuery, BoxingResult, BoxIntoDeliveredBody, UpdateBoxingBody } from "./schemas.ts";

/** The paths the boxing screen posts to. */
export const BOXING_API = {
  read: "/api/livestock/GetLivestockBoxing",
  update: "/api/livestock/UpdateBoxingForLivestockOrder",
  boxInto: "/api/livestock/BoxOrderIntoDeliveredOrder",
} as const;

// whoever may open the boxing page (module livestockBoxing) may read and change the boxing
const BOXING: AccessRule = { pages: ["livestockBoxing"] };

/** Livestock boxing (spec 1 §7 "Livestock"): small consignments killed as one lot, shared back by head. */
const api = areaApi(["Livestock: boxing"]);

api.get(
  BOXING_API.read,
  "A delivery day's delivered orders of one species that may be boxed (not in a lot, no carcass yet), and " +
    "the boxed lots with their orders and each order's share (by live head; of the carcasses once killed), " +
    "and where each lot stands on the kill agenda (agendaPlace: its day and place in the day's kill order; " +
    "null when not on an agenda yet). " +
    "The day defaults to the plant's today, the species to your first.",
  { query: BoxingQuery },
  Boxing,
  BOXING,
  boxingOfDay,
);

api.post(
  BOXING_API.update,
  "boxed true: box two or more delivered orders of one species, site and delivery day into one new lot " +
    "(the lowest order id holds it); boxed false: take each order out of its lot (a lot left with one " +
    "order is dissolved). Refused (409) once the kill floor holds a carcass of the lot, or when an order " +
    "changed since it was read.",
  UpdateBoxingBody,
  BoxingResult,
  BOXING,
  updateBoxing,
);

api.post(
  BOXING_API.boxInto,
  "Box an order into a delivered order: it joins that order's lot, or the two form a new lot held by the " +
    "delivered order. Same species, site and delivery day; refused (409) once either has carcass records.",
  BoxIntoDeliveredBody,
  BoxingResult,
  BOXING,
  boxIntoDelivered,
);

export const boxingApi = api.router();
