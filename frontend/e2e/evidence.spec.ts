/**
 * Uploaded evidence cannot act as Holmes (issue 41). An HTML page whose script reads the API with
 * the investigator's session cookie is opened every way a user can open it: its content URL in a
 * tab, that URL again with its Content-Disposition removed (as if a browser ignored it, so the
 * Content-Security-Policy alone has to hold), a text file full of markup, and the Source panel.
 * The script reports everything it manages to a listener; nothing may reach it.
 *
 * Run by tests/ui/test_evidence_sandbox.py (it sets HOLMES_E2E_EVIDENCE); skipped otherwise, so
 * the journey's run of this folder leaves it alone.
 */
import { type Page, expect, test } from "@playwright/test";

const email = process.env.HOLMES_E2E_EMAIL ?? "";
const password = process.env.HOLMES_E2E_PASSWORD ?? "";

const LEAK = "/leak-listener";
// Runs as early as it can and tries every channel back: a title, an image beacon, fetch.
const HOSTILE = `<!doctype html>
<html><head><title>untouched</title></head>
<body>
<p>Evidence page: the minutes of the board meeting.</p>
<script>
  document.title = "script-ran";
  new Image().src = "${LEAK}?ran=1";
  fetch("/api/cases", { credentials: "include" })
    .then((response) => response.text())
    .then((text) => {
      document.title = "read:" + text.slice(0, 60);
      return fetch("${LEAK}?cases=" + encodeURIComponent(text.slice(0, 500)));
    })
    .catch((error) => fetch("${LEAK}?failed=" + encodeURIComponent(String(error))));
</script>
</body></html>
`;

test.skip(!process.env.HOLMES_E2E_EVIDENCE, "run by tests/ui/test_evidence_sandbox.py");

async function upload(page: Page, caseId: string, name: string, mimeType: string, content: string) {
  const response = await page.request.post(`/api/cases/${caseId}/files`, {
    multipart: { files: { name, mimeType, buffer: Buffer.from(content) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [file] = (await response.json()) as { id: string; mime_type: string }[];
  return file!;
}

test("an uploaded web page cannot read the API with the investigator's session", async ({ page, context }) => {
  expect(email && password, "the harness passes the first-start account").toBeTruthy();
  const leaks: string[] = [];
  await context.route(`**${LEAK}**`, async (route) => {
    leaks.push(route.request().url());
    await route.fulfill({ status: 204 });
  });

  // Signed in through the UI, so the session is the browser's HttpOnly cookie.
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "New case" })).toBeVisible();
  const created = await page.request.post("/api/cases", { data: { name: "Evidence that fights back" } });
  expect(created.status()).toBe(201);
  const kase = (await created.json()) as { id: string };
  // The cookie really does read the API from this origin: what the page must not get.
  expect((await page.request.get("/api/cases")).status()).toBe(200);

  const html = await upload(page, kase.id, "board-minutes.html", "text/html", HOSTILE);
  expect(html.mime_type).toBe("text/html");
  const disguised = await upload(page, kase.id, "notes.txt", "text/plain", HOSTILE);
  const contentUrl = (id: string) => `/api/files/${id}/content`;

  // 1. The content URL in a tab: a web page is downloaded, never rendered.
  const tab = await context.newPage();
  const [download] = await Promise.all([
    tab.waitForEvent("download", { timeout: 15_000 }).catch(() => null),
    tab.goto(contentUrl(html.id)).catch((error: Error) => expect(error.message).toContain("Download is starting")),
  ]);
  await tab.waitForTimeout(1000);
  expect(leaks, "opened in a tab, the page's script reached the listener").toEqual([]);
  expect(download?.suggestedFilename()).toBe("board-minutes.html");
  await tab.close();

  // 2. Rendered anyway (Content-Disposition stripped on the way in): the policy alone holds.
  const rendered = await context.newPage();
  await rendered.route(`**${contentUrl(html.id)}`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["content-disposition"];
    await route.fulfill({ response, headers });
  });
  const blocked: string[] = [];
  rendered.on("console", (message) => blocked.push(message.text()));
  await rendered.goto(contentUrl(html.id));
  await expect(rendered.getByText("Evidence page: the minutes")).toBeVisible();
  await rendered.waitForTimeout(1500);
  expect(await rendered.title()).toBe("untouched");
  expect(await rendered.evaluate(() => self.origin)).toBe("null");
  expect(blocked.join("\n")).toMatch(/Blocked script execution|Content Security Policy/);
  expect(leaks, "rendered despite its disposition, the page's script reached the listener").toEqual([]);
  await rendered.close();

  // 3. Markup in a text file is shown as text.
  const text = await context.newPage();
  await text.goto(contentUrl(disguised.id));
  await expect(text.locator("body")).toContainText("<script>");
  await text.waitForTimeout(1000);
  expect(await text.title()).not.toMatch(/script-ran|read:/);
  await text.close();

  // 4. The Source panel shows the page as text; nothing of it runs inside Holmes.
  await page.goto(`/case/?id=${kase.id}&view=files`);
  const row = page.locator('[data-testid="file-row"][data-filename="board-minutes.html"]');
  await expect(row).toBeVisible();
  const appTitle = await page.title();
  await row.click();
  const panel = page.getByTestId("source-panel");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Evidence page: the minutes of the board meeting.");
  await expect(panel).toContainText("Web page shown as text blocks.");
  await page.waitForTimeout(1500);
  expect(await page.title()).toBe(appTitle);
  expect(page.frames()).toHaveLength(1);

  expect(leaks, "the evidence's script reached the listener").toEqual([]);
});
