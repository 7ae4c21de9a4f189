import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./db/control/schema.ts",
  out: "./db/control/migrations",
});
