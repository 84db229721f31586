import { expect, test } from "@playwright/test";
import { hydrated, isolateClientAddress, serverOrigin, signInAsDemo } from "./support";
import { DEMO as FAMILY } from "../../app/modules/workspaces/demo-family";
import { JAMES, signedIn } from "./meeting-support";

isolateClientAddress();

const origin = () => ({ Origin: serverOrigin() });

test.describe("after a meeting", () => {
  test("the minutes are drafted from the meeting: its title, agenda and who did not come", async ({ page }) => {
    await signInAsDemo(page);
    const title = `Roof vote ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/meetings", {
      data: {
        title,
        startsAt: new Date(Date.now() + 60_000).toISOString(),
        durationMinutes: 30,
        inviteeIds: [FAMILY.coTrustee.id],
        agenda: "The roofer's quote\nThe vote",
      },
      headers: origin(),
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, url } = (await created.json()) as { id: string; url: string };
    expect((await page.request.post(`/api/meetings/${id}/end`, { headers: origin() })).status()).toBe(200);

    await hydrated(page, url);
    await page.getByTestId("draft-minutes").click();
    await page.waitForURL(/\/document-drafting\?/);
    // No poll was linked, so the sentence names none.
    await expect(page.getByTestId("prefill-sources")).toContainText(`Pre-filled from the meeting “${title}”: its date, who attended and the agenda.`);
    // Nobody joined this one: both invited people are listed as absent, and no one as present.
    await expect(page.getByLabel("Absent (optional)")).toHaveValue(/Eleanor Hartwell\s+James Hartwell/);
    await expect(page.getByRole("textbox", { name: "Present", exact: true })).toHaveValue("");
    await expect(page.getByText("The roofer's quote").first()).toBeVisible();
  });

  test("only the owner sets how long recordings are kept; others read the rule", async ({ page, browser }) => {
    await signInAsDemo(page);
    await hydrated(page, "/video-meetings");
    const retention = page.getByRole("region", { name: "Recording retention" });
    await retention.getByLabel("Keep recordings for").selectOption({ label: "90 days" });
    await retention.getByRole("button", { name: "Save" }).click();
    await expect(retention.getByRole("status")).toContainText("Saved");
    await expect(retention).toContainText("Recordings are deleted automatically 90 days after they are filed");

    const jamesPage = await signedIn(browser, JAMES);
    await hydrated(jamesPage, "/video-meetings");
    const readOnly = jamesPage.getByRole("region", { name: "Recording retention" });
    await expect(readOnly).toContainText("Only the workspace's owner can change this.");
    await expect(readOnly.getByRole("button", { name: "Save" })).toHaveCount(0);
    await jamesPage.context().close();

    // Back to the demo's rule, so other tests see it as seeded.
    await retention.getByLabel("Keep recordings for").selectOption({ label: "Keep forever" });
    await retention.getByRole("button", { name: "Save" }).click();
    await expect(retention).toContainText("Recordings are kept until someone deletes them.");
  });
});
