/** The producer portal's addresses (server/access/routes/producer.ts). */
const paged = (path: string) => (linkId: number, offset = 0) =>
  `${path}?link=${linkId}${offset ? `&offset=${offset}` : ""}`;

export const PORTAL_PATHS = {
  home: "/producerportal",
  lot: (linkId: number, livestockOrderId: number) =>
    `/producerportal/lots/${livestockOrderId}?link=${linkId}`,
  orders: paged("/producerportal/orders"),
  deliveries: paged("/producerportal/deliveries"),
  remittances: paged("/producerportal/remittances"),
  trend: (linkId: number) => `/producerportal/trend?link=${linkId}`,
};
