/**
 * The investigator's journey in a real browser (Debian's chromium) against `make run`'s server:
 * sign in, create a case, upload the demo evidence, process it, watch the Agent Flow (and reload
 * in the middle of the run), explore the graph, open a contradiction's source at its place.
 */
import { readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

import { type Page, expect, test } from "@playwright/test";

const email = process.env.HOLMES_E2E_EMAIL ?? "";
const password = process.env.HOLMES_E2E_PASSWORD ?? "";
const demoDir = process.env.HOLMES_E2E_DEMO_DIR ?? "";
// A later piece of evidence that gives another amount for a payment the demo case records.
const conflicting = process.env.HOLMES_E2E_CONFLICTING_FILE ?? "";
const output = process.env.HOLMES_E2E_OUTPUT ?? "../test-output/ui";
const shots = join(output, "screenshots");
mkdirSync(shots, { recursive: true });

const metrics: Record<string, number | string> = {};

function watchConsole(page: Page, errors: string[]) {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // Before signing in, the app asks who is signed in; the browser logs that expected 401.
    if (/status of 401/.test(text) && !metrics.signedIn) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}-${page.viewportSize()?.width}.png`) });
}

async function signIn(page: Page) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function openView(page: Page, label: string) {
  await page.getByRole("navigation", { name: "Case views" }).getByRole("button", { name: label }).click();
}

test("an investigator processes a case and follows a contradiction to its source", async ({ page }) => {
  expect(email && password && demoDir && conflicting, "the harness passes credentials and the evidence").toBeTruthy();
  const errors: string[] = [];
  watchConsole(page, errors);

  // Strangers are sent to sign in, and come back where they were going.
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\//);
  await shoot(page, "login");
  await signIn(page);
  await expect(page.getByText("No cases yet")).toBeVisible();
  metrics.signedIn = 1;

  // First view of the case list, measured from navigation start.
  const started = Date.now();
  await page.goto("/");
  await expect(page.getByText("No cases yet")).toBeVisible();
  metrics.caseListFirstViewMs = Date.now() - started;
  metrics.caseListDomContentLoadedMs = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return navigation ? Math.round(navigation.domContentLoadedEventEnd) : -1;
  });
  await shoot(page, "case-list-empty");

  // A new case lands on its Files view, where the evidence goes.
  await page.getByRole("button", { name: "New case" }).click();
  await page.getByLabel("Case name").fill("Northgate payments review");
  await page.getByLabel("Context").fill("Payments to a consulting firm approved without board sign-off.");
  await page.getByRole("button", { name: "Create case" }).click();
  await expect(page).toHaveURL(/\/case\/\?id=.+view=files/);
  await expect(page.getByTestId("files-library")).toBeVisible();

  const evidence = readdirSync(demoDir)
    .filter((name) => name !== "answers.json")
    .map((name) => join(demoDir, name));
  await page.getByTestId("upload-input").setInputFiles(evidence);
  await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(evidence.length, {
    timeout: 60_000,
  });
  await expect(page.getByTestId("file-row")).toHaveCount(evidence.length);
  await shoot(page, "files");

  // Process: the Agent Flow comes alive from the event stream.
  await page.getByTestId("process-button").click();
  await expect(page).toHaveURL(/view=flow/);
  await expect(page.getByTestId("agent-flow")).toBeVisible();
  // Real agents (not the placeholders of stages still to come) appear as the run reaches them.
  const agents = page.locator('[data-testid="agent-node"]:not([data-synthetic="true"])');
  await expect(agents.first()).toBeVisible({ timeout: 60_000 });
  await shoot(page, "agent-flow-running");

  // A reload in the middle of the run rebuilds the same flow from the event log.
  const beforeReload = await agents.count();
  expect(await page.getByTestId("process-button").textContent()).toContain("Processing");
  await page.reload();
  await expect(page.getByTestId("agent-flow")).toBeVisible();
  await expect.poll(async () => agents.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(beforeReload);
  await expect(page.getByTestId("stream-status")).toHaveAttribute("data-state", "open");

  // Every agent completes; the case is READY.
  await expect(page.locator('header ~ div [data-status="READY"]').first()).toBeVisible({ timeout: 180_000 });
  await expect(page.locator('[data-testid="agent-node"][data-status="RUNNING"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="agent-node"][data-synthetic="true"][data-status="PENDING"]')).toHaveCount(0);
  for (const type of ["TRIAGE", "ORCHESTRATOR", "SYNTHESIS"]) {
    await expect(page.locator(`[data-testid="agent-node"][data-agent-type="${type}"]`).first()).toHaveAttribute(
      "data-status",
      "COMPLETED",
    );
  }
  // The case ran on the offline analyst (no model configured), and the flow says so.
  await expect(page.getByTestId("model-provider")).toHaveAttribute("data-provider", "local");
  await expect(page.getByTestId("model-provider")).toContainText("Offline analyst");
  await page.getByTestId("agent-node").first().click();
  await expect(page.getByTestId("agent-drawer")).toBeVisible();
  await shoot(page, "agent-flow-complete");

  // The knowledge graph: click an entity, see its details and sources.
  await openView(page, "Knowledge Graph");
  await expect(page.getByTestId("knowledge-graph")).toBeVisible();
  // The first person whose details cite a source (the graph may hold people named without one).
  const people = page.locator('[data-testid="graph-node"][data-entity-type="person"]');
  await expect(people.first()).toBeVisible();
  const details = page.getByTestId("entity-details");
  let cited = false;
  for (let index = 0; index < Math.min(await people.count(), 12) && !cited; index += 1) {
    const person = people.nth(index);
    const name = (await person.getAttribute("data-name")) ?? "";
    await person.click({ force: true });
    await expect(details).toContainText(name);
    cited = (await details.getByTestId("citation").count()) > 0;
  }
  expect(cited, "a person in the graph cites a source").toBe(true);
  await shoot(page, "graph-entity");
  await details.getByTestId("citation").first().click();
  await expect(page.getByTestId("source-panel")).toBeVisible();
  await shoot(page, "graph-source");

  // Insights: a contradiction's source opens at its page or timestamp.
  await openView(page, "Insights");
  await expect(page.getByTestId("contradiction").first()).toBeVisible();
  const located = page
    .getByTestId("contradiction")
    .getByTestId("citation")
    .filter({ hasText: /· (p\. \d+|\d{2}:\d{2})/ })
    .first();
  await expect(located).toBeVisible();
  const where = (await located.textContent()) ?? "";
  await located.click();
  await expect(page.getByTestId("source-panel")).toBeVisible();
  const page_ = /p\. (\d+)/.exec(where);
  const clock = /(\d{2}):(\d{2})(?::(\d{2}))?/.exec(where);
  if (page_) {
    await expect(page.locator('[data-testid="source-pdf-page"][data-cited="true"]')).toHaveAttribute("data-page", page_[1] ?? "");
  } else if (clock) {
    // A recording plays from the cited time; a transcript without one shows the cited cue.
    const parts = clock.slice(1).filter(Boolean).map(Number);
    const seconds = parts.reduce((total, part) => total * 60 + part, 0);
    const media = page.getByTestId("source-media");
    const cue = page.getByTestId("source-highlight");
    await expect(media.or(cue)).toBeVisible();
    if (await media.count()) {
      await expect
        .poll(async () => media.evaluate((element) => (element as HTMLMediaElement).currentTime), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(seconds - 1);
    } else {
      await expect(cue).toContainText(/\S/);
    }
  }
  metrics.contradictionSource = where.trim();
  await shoot(page, "insights-source");

  // The timeline: an event opens its source.
  await openView(page, "Timeline");
  await expect(page.getByTestId("timeline")).toBeVisible();
  await page.getByTestId("timeline-event").first().click();
  await expect(page.getByTestId("source-panel")).toBeVisible();
  await shoot(page, "timeline");

  // Chat: a question streams a cited answer whose citation opens its source.
  await openView(page, "Chat");
  await page.getByTestId("chat-input").fill("Where was Victor Hale on the evening of March 14, 2024?");
  await page.getByTestId("chat-send").click();
  const answer = page.getByTestId("chat-answer").last();
  await expect(answer).toHaveAttribute("data-streaming", "false", { timeout: 60_000 });
  await expect(answer.getByTestId("citation").first()).toBeVisible();
  await answer.getByTestId("citation").first().click();
  await expect(page.getByTestId("source-panel")).toBeVisible();
  await shoot(page, "chat");

  // A correction flagged on the answer is checked against the sources and its verdict shown.
  const stated = /Chicago|Milwaukee/.exec((await answer.textContent()) ?? "")?.[0];
  expect(stated, "the answer names where he says he was").toBeTruthy();
  await answer.getByTestId("flag-message").click();
  const dialog = page.getByTestId("correction-dialog");
  await dialog.getByLabel("What Holmes says").fill(stated ?? "");
  await dialog.getByLabel("What it should say").fill(stated === "Chicago" ? "Milwaukee" : "Chicago");
  await dialog.getByRole("button", { name: "Verify correction" }).click();
  await expect(dialog.getByTestId("correction-result")).toHaveAttribute("data-verdict", /CONFIRMED|REJECTED|AMBIGUOUS/, {
    timeout: 60_000,
  });
  metrics.correctionVerdict = (await dialog.getByTestId("correction-result").getAttribute("data-verdict")) ?? "";
  await shoot(page, "correction");
  await dialog.getByRole("button", { name: "Done" }).click();
  await openView(page, "Review");
  await expect(page.getByTestId("correction").first()).toBeVisible();
  await shoot(page, "review");

  // New evidence that disagrees with the graph opens a conflict that waits for the user's decision.
  await openView(page, "Files");
  await page.getByTestId("upload-input").setInputFiles(conflicting);
  await expect(page.locator('[data-testid="file-row"][data-status="PENDING"]')).toHaveCount(1);
  await expect(page.getByTestId("process-button")).toContainText("Process 1 new");
  await page.getByTestId("process-button").click();
  await expect(page).toHaveURL(/view=flow/);
  await expect(page.getByTestId("process-button")).not.toContainText("Processing", { timeout: 180_000 });
  await expect(page.locator('header ~ div [data-status="READY"]').first()).toBeVisible();
  await openView(page, "Review");
  const conflict = page.getByTestId("conflict").first();
  await expect(conflict).toBeVisible();
  await shoot(page, "conflict");
  await conflict.getByRole("button", { name: "Keep existing" }).click();
  await expect(page.getByTestId("conflict")).toHaveCount(0);
  await expect(page.getByText("No open conflicts")).toBeVisible();

  // The main views at the smaller size.
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const [label, name] of [
    ["Agent Flow", "agent-flow"],
    ["Knowledge Graph", "graph"],
    ["Timeline", "timeline"],
    ["Insights", "insights"],
    ["Files", "files"],
    ["Chat", "chat"],
    ["Review", "review"],
  ] as const) {
    await openView(page, label);
    await page.waitForTimeout(400);
    await shoot(page, name);
  }

  expect(errors, "no console errors during the flow").toEqual([]);
  writeFileSync(join(output, "metrics.json"), JSON.stringify(metrics, null, 2));
  console.log(`UI metrics: ${JSON.stringify(metrics)}`);
});

test("an expired session sends the user to sign in and keeps their unsaved input", async ({ page, request }) => {
  await page.goto("/login/");
  await signIn(page);
  await expect(page.getByRole("heading", { name: "Cases" })).toBeVisible();

  await page.getByRole("button", { name: "New case" }).click();
  await page.getByLabel("Case name").fill("Draft that must survive");

  // The session is revoked elsewhere (logout with the same token from another client).
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "holmes_session")?.value;
  expect(token).toBeTruthy();
  const revoked = await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBeLessThan(300);

  await page.getByRole("button", { name: "Create case" }).click();
  await expect(page).toHaveURL(/\/login\/\?expired=1/);
  await expect(page.getByText("Your session has ended")).toBeVisible();
  await shoot(page, "session-expired");

  await signIn(page);
  await expect(page.getByLabel("Case name")).toHaveValue("Draft that must survive");
});
