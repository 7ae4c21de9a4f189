/** The audit entities of the orders area: an order's and an order group's history panels read these. */
export const ORDER_ENTITY = "livestockOrder";
export const GROUP_ENTITY = "livestockOrderGroup";
