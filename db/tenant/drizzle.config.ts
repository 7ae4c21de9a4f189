import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/tenant/schema.ts",
  out: "./db/tenant/migrations",
});
