/**
 * What an integrator writes: a client from openapi-fetch over the types openapi-typescript generated from
 * /api/openapi.json (api.d.ts beside this file, written by tests/api/generatedClient.test.ts and type
 * checked with this file, so a document that no longer fits these calls fails there). It signs in, books
 * an order, records a load against it and reads the order back.
 */
import createClient from "openapi-fetch";
import type { paths } from "./api.d.ts";

export async function bookLoadAndRead(
  origin: string,
  login: { email: string; password: string },
  day: string,
) {
  const client = createClient<paths>({ baseUrl: origin });
  const signedIn = await client.POST("/login/login", { body: login });
  if (!signedIn.data) throw new Error(`sign-in: ${JSON.stringify(signedIn.error)}`);
  const headers = { Authorization: `Bearer ${signedIn.data.token}`, "X-Local-Date": day };

  const suppliers = await client.GET("/api/livestock/GetSuppliers", { headers });
  const buyers = await client.GET("/api/livestock/GetBuyers", { headers });
  if (!suppliers.data?.length || !buyers.data?.length) throw new Error("no supplier or buyer to book with");

  const booked = await client.POST("/api/livestock/UpsertLivestockOrderAndGroup", {
    headers,
    body: {
      livestockOrderGroupDto: {
        speciesId: 1,
        supplierId: suppliers.data[0].id,
        buyerId: buyers.data[0].id,
        deliveryDate: day,
      },
      livestockOrderDto: {
        quantityOrdered: 120,
        deliveryDate: day,
        deliveryTime: "06:30",
        speciesCategoryId: 11,
      },
    },
  });
  if (!booked.data) throw new Error(`booking: ${JSON.stringify(booked.error)}`);
  const order = booked.data.livestockOrders[0];

  const load = await client.POST("/api/livestock/AddDeliveryLoad", {
    headers,
    body: { livestockOrderId: order.id, head: 118, deliveryTime: "06:10" },
  });
  if (!load.data) throw new Error(`load: ${JSON.stringify(load.error)}`);

  const read = await client.GET("/api/livestock/GetLivestockOrder/{id}", {
    headers,
    params: { path: { id: order.id } },
  });
  if (!read.data) throw new Error(`read back: ${JSON.stringify(read.error)}`);
  // a refusal comes back typed as the catalogue error
  const refused = await client.GET("/api/livestock/GetLivestockOrder/{id}", {
    headers,
    params: { path: { id: 999_999 } },
  });
  return { order, read: read.data, refused: { status: refused.response.status, error: refused.error } };
}
