import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // A domain's sub-folder may keep its own tables (auth's second factors).
  schema: ["./app/modules/*/schema.ts", "./app/modules/*/*/schema.ts"],
  out: "./migrations",
});
