import { defineConfig } from "@playwright/test";

// Driven by tests/ui/test_browser.py, which starts `make run` and passes its address here.
const output = process.env.HOLMES_E2E_OUTPUT ?? "../test-output/ui";

export default defineConfig({
  testDir: ".",
  timeout: 600_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: `${output}/artifacts`,
  use: {
    baseURL: process.env.HOLMES_E2E_BASE_URL ?? "http://127.0.0.1:8000",
    viewport: { width: 1440, height: 900 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.HOLMES_E2E_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
