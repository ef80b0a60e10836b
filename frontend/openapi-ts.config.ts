import { defineConfig } from "@hey-api/openapi-ts";

// The API client is generated from the backend's OpenAPI document (`make client`), never edited by
// hand; `make test` fails when it is stale.
export default defineConfig({
  input: process.env.HOLMES_OPENAPI ?? "./openapi.json",
  output: { path: process.env.HOLMES_CLIENT_OUT ?? "./src/client" },
  plugins: ["@hey-api/client-fetch", "@hey-api/typescript", "@hey-api/sdk"],
});
