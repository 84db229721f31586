import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/modules/*/schema.ts",
  out: "./migrations",
});
