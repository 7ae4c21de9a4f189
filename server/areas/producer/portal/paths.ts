/** The producer portal's addresses (server/access/routes/producer.ts). */
export const PORTAL_PATHS = {
  home: "/producerportal",
  lot: (linkId: number, livestockOrderId: number) =>
    `/producerportal/lots/${livestockOrderId}?link=${linkId}`,
};
