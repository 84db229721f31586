// Workspace settings (/admin) in a real browser: roles, removal, the last owner, deletion and restore, handing
// ownership on, and who may open the page at all. Each test has its own owner and workspace (people.ts).
import { expect, test } from "@playwright/test";
import { hydrated, isolateClientAddress, reloadHydrated, serverOrigin, signInAsDemo } from "./support";
import {
  inviteAndJoin,
  joinWithInvitation,
  memberRow,
  newBrowserContext,
  realtimeConnected,
  recordSocketCloses,
  seriousViolations,
  signUpOwner,
  unique,
  userIdOf,
} from "./people";

isolateClientAddress();

test.describe("workspace settings", () => {
  test("the owner invites someone, changes their role with the row's selector, and the member has the new role", async ({ browser }) => {
    test.setTimeout(90_000);
    const owner = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: "The Alvarez Family Trust" });
    await hydrated(owner.page, "/admin");
    await expect(owner.page.getByRole("heading", { name: "Workspace settings", level: 1 })).toBeVisible();

    // The invitation through the panel; the invited person joins with the mailed link.
    const invite = owner.page.getByRole("region", { name: "Invite someone" });
    const email = `${unique("inv")}@example.com`;
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Role").selectOption({ label: "Beneficiary" });
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
    await expect(invite.getByRole("listitem").filter({ hasText: email })).toContainText(`${email} · Beneficiary · expires`);
    const member = { context: await newBrowserContext(browser), name: "Martin Okafor", email };
    await joinWithInvitation(member.context, { name: member.name, username: email.split("@")[0], email });
    const memberPage = await member.context.newPage();
    await hydrated(memberPage, "/admin");
    await expect(memberPage.getByTestId("role-label")).toHaveText("Beneficiary");
    await expect(memberPage.getByText("Only owners and trustees of this workspace can open its settings.")).toBeVisible();

    await hydrated(owner.page, "/admin");
    const row = memberRow(owner.page, email);
    await expect(row).toContainText(`${email} · Beneficiary ·`);
    const select = row.getByLabel(`Role ${member.name}`);
    await expect(select).toHaveValue("beneficiary");
    await select.selectOption({ label: "Trustee" });
    await row.getByRole("button", { name: `Change the role of ${member.name}` }).click();
    await expect(owner.page.getByRole("region", { name: "Members" }).getByRole("status")).toHaveText("The role is now Trustee. They have been told.");
    await expect(row).toContainText(`${email} · Trustee ·`);
    await expect(row.getByLabel(`Role ${member.name}`)).toHaveValue("trustee");
    // Kept: the owner's page loaded again says the same.
    await owner.page.reload();
    await expect(memberRow(owner.page, email)).toContainText(`${email} · Trustee ·`);

    // The member has it on their next page: the role in the header, and the settings that trustees may open.
    await hydrated(memberPage, "/admin");
    await expect(memberPage.getByTestId("role-label")).toHaveText("Trustee");
    await expect(memberPage.getByRole("heading", { name: "Members", level: 2 })).toBeVisible();
    await expect(memberPage.getByText("Only owners and trustees of this workspace can open its settings.")).toHaveCount(0);
    await Promise.all([owner.context.close(), member.context.close()]);
  });

  test("removing a member asks first; their open page's socket closes with 4003, the page goes to sign-in and their next request is refused", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: "The Alvarez Family Trust" });
    const member = await inviteAndJoin(browser, owner, { name: "Martin Okafor", role: "beneficiary" });
    const closes = await recordSocketCloses(member.context);
    await hydrated(member.page, "/dashboard");
    await realtimeConnected(member.page);

    await hydrated(owner.page, "/admin");
    const row = memberRow(owner.page, member.email);
    const removeButton = row.getByRole("button", { name: `Remove ${member.name}` });
    // Cancel changes nothing.
    await removeButton.click();
    let dialog = owner.page.getByRole("dialog", { name: `Remove ${member.name}?` });
    await expect(dialog).toContainText(`${member.name} will be signed out of this workspace at once and will no longer see anything in it.`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    expect(closes).toEqual([]);

    await removeButton.click();
    dialog = owner.page.getByRole("dialog", { name: `Remove ${member.name}?` });
    await dialog.getByRole("button", { name: "Remove from the workspace" }).click();
    await expect(owner.page.getByRole("region", { name: "Members" }).getByRole("status")).toHaveText(
      `${member.name} was removed. They were signed out of this workspace and told by e-mail.`,
    );
    await expect(row).toHaveCount(0);

    // Their side: the server closed the socket with "removed from the workspace", and the page loaded again into sign-in.
    await expect.poll(() => closes).toContain(4003);
    await expect(member.page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
    await expect(member.page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    expect((await member.context.request.get("/api/auth/user")).status()).toBe(401);
    expect((await member.context.request.get("/admin", { maxRedirects: 0 })).headers().location).toMatch(/^\/auth\?redirectTo=/);
    await Promise.all([owner.context.close(), member.context.close()]);
  });

  test("the last owner is offered no way to be demoted, removed or to leave, and the server's sentence is shown when it is tried", async ({ browser }) => {
    test.setTimeout(90_000);
    const owner = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: "The Alvarez Family Trust" });
    const member = await inviteAndJoin(browser, owner, { name: "Martin Okafor", role: "co_trustee" });
    const ownerId = await userIdOf(owner.context);
    await hydrated(owner.page, "/admin");
    const ownRow = memberRow(owner.page, owner.email);
    const otherRow = memberRow(owner.page, member.email);
    await expect(ownRow).toContainText(`${owner.email} · Owner ·`);
    // Another member's row has the controls; the owner's own row has none of them.
    await expect(otherRow.getByRole("button", { name: `Change the role of ${member.name}` })).toBeVisible();
    await expect(otherRow.getByRole("button", { name: `Remove ${member.name}` })).toBeVisible();
    await expect(ownRow.getByRole("combobox")).toHaveCount(0);
    await expect(ownRow.getByRole("button", { name: /Change the role|Remove|Offer ownership/ })).toHaveCount(0);
    const danger = owner.page.getByRole("region", { name: "Ownership, leaving and deletion" });
    await expect(danger).toContainText("You are the last owner. To leave, first offer ownership to another member, or delete the workspace.");
    await expect(danger.getByRole("button", { name: "Leave this workspace" })).toHaveCount(0);

    // A form aimed at the owner anyway, as an altered page would send it (changed and sent at once, before React
    // renders again): the server refuses, and the page says why on the owner's row.
    const roleForm = otherRow.locator("form").filter({ has: owner.page.getByLabel(`Role ${member.name}`) });
    await roleForm.getByLabel(`Role ${member.name}`).selectOption({ label: "Trustee" });
    await roleForm.evaluate((form: HTMLFormElement, id) => {
      form.querySelector<HTMLInputElement>('input[name="userId"]')!.value = id;
      form.requestSubmit();
    }, ownerId);
    await expect(ownRow.getByRole("alert")).toHaveText("The last owner cannot be given another role. Hand ownership to another member first.");
    await expect(ownRow).toContainText(`${owner.email} · Owner ·`);

    await otherRow.getByRole("button", { name: `Remove ${member.name}` }).click();
    const dialog = owner.page.getByRole("dialog", { name: `Remove ${member.name}?` });
    await dialog.locator("form").evaluate((form: HTMLFormElement, id) => {
      form.querySelector<HTMLInputElement>('input[name="userId"]')!.value = id;
      form.requestSubmit();
    }, ownerId);
    await expect(ownRow.getByRole("alert")).toHaveText("You cannot remove yourself. Use “Leave this workspace” instead.");
    await expect(ownRow).toContainText(`${owner.email} · Owner ·`);
    await expect(otherRow).toContainText(`${member.email} · Co-trustee ·`);

    // /profile lists the workspace with "Leave"; the server says why the last owner cannot.
    await hydrated(owner.page, "/profile");
    await owner.page.getByRole("button", { name: "Leave The Alvarez Family Trust" }).click();
    await owner.page.getByRole("dialog", { name: "Leave The Alvarez Family Trust?" }).getByRole("button", { name: "Leave", exact: true }).click();
    const workspaces = owner.page.getByRole("region", { name: "Your workspaces" });
    await expect(workspaces.getByRole("alert")).toHaveText(
      "You are the last owner, so you cannot leave. Hand ownership to another member, or delete the workspace.",
    );
    await expect(workspaces.getByTestId("my-workspaces")).toContainText("The Alvarez Family Trust · Owner");
    await Promise.all([owner.context.close(), member.context.close()]);
  });

  test("deleting a throwaway workspace needs its exact name; it waits under deleted workspaces and Restore brings it back to the switcher", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const home = `The Alvarez Family Trust ${unique("")}`;
    const throwaway = `The Lake Cabin Trust ${unique("")}`;
    const owner = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: home });
    // A second workspace of hers, the current one from now on.
    const created = await owner.context.request.post("/customer-signup", {
      form: { trustName: throwaway, role: "owner", jurisdiction: "California, USA" },
      headers: { Origin: serverOrigin() },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);

    await hydrated(owner.page, "/admin");
    const switcher = owner.page.getByTestId("workspace-switcher");
    await expect(switcher).toHaveAccessibleName(`Switch workspace (current: ${throwaway})`);
    const danger = owner.page.getByRole("region", { name: "Ownership, leaving and deletion" });
    const confirmName = danger.getByLabel(`Type “${throwaway}” to confirm`);
    const deleteButton = danger.getByRole("button", { name: "Delete the workspace" });

    await deleteButton.click();
    await expect(danger.getByText("Type the workspace's name to confirm.")).toBeVisible();
    await confirmName.fill("The Lake Cabin Trust");
    await deleteButton.click();
    await expect(danger.getByText(`Type the workspace's name exactly as it is written: ${throwaway}`)).toBeVisible();
    await expect(confirmName).toHaveAttribute("aria-invalid", "true");
    await expect(switcher).toHaveAccessibleName(`Switch workspace (current: ${throwaway})`);

    await confirmName.fill(throwaway);
    await deleteButton.click();
    // Closed at once: she is back in her other workspace, the switcher has nothing to switch to, and the deletion waits.
    const pending = owner.page.getByRole("region", { name: "Deleted workspaces you can restore" });
    await expect(pending.getByTestId("pending-deletion")).toHaveCount(1);
    await expect(pending.getByTestId("pending-deletion")).toContainText(`${throwaway} will be erased for good on`);
    await expect(owner.page.getByTestId("workspace-switcher")).toHaveCount(0);
    await expect(owner.page.getByTestId("workspace-name")).toHaveText(home);
    await reloadHydrated(owner.page);
    await expect(pending.getByTestId("pending-deletion")).toContainText(`${throwaway} will be erased for good on`);

    await pending.getByRole("button", { name: `Restore ${throwaway}` }).click();
    // Said once, above everything else on the page.
    await expect(
      owner.page
        .locator("main")
        .getByRole("status")
        .filter({ hasText: `${throwaway} is restored. Every member can open it again.` }),
    ).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(switcher).toHaveAccessibleName(`Switch workspace (current: ${home})`);
    await switcher.click();
    const restored = owner.page.getByRole("menuitemradio", { name: new RegExp(throwaway) });
    await expect(restored).toBeVisible();
    await restored.click();
    await expect(switcher).toHaveAccessibleName(`Switch workspace (current: ${throwaway})`);
    await owner.context.close();
  });

  test("ownership offered to a member is accepted on /profile, and the roles swap", async ({ browser }) => {
    test.setTimeout(90_000);
    const owner = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: "The Alvarez Family Trust" });
    const member = await inviteAndJoin(browser, owner, { name: "Martin Okafor", role: "co_trustee" });
    await hydrated(owner.page, "/admin");
    await memberRow(owner.page, member.email)
      .getByRole("button", { name: `Offer ownership to ${member.name}` })
      .click();
    const dialog = owner.page.getByRole("dialog", { name: `Offer ownership to ${member.name}?` });
    await expect(dialog).toContainText(`If ${member.name} accepts, they become the owner and you become a trustee.`);
    await dialog.getByRole("button", { name: "Send the offer" }).click();
    await expect(owner.page.getByRole("region", { name: "Members" }).getByRole("status")).toHaveText(
      `Ownership was offered to ${member.name}. Nothing changes until they accept.`,
    );
    await expect(owner.page.getByTestId("open-offer")).toHaveText(`Ownership is offered to ${member.name}, waiting for their answer.`);
    await expect(memberRow(owner.page, member.email)).toContainText(`${member.email} · Co-trustee ·`);

    await hydrated(member.page, "/profile");
    const offer = member.page.getByTestId("ownership-offer");
    await expect(offer).toContainText(`${owner.name} offers you the ownership of The Alvarez Family Trust.`);
    await offer.getByRole("button", { name: "Accept ownership" }).click();
    const workspaces = member.page.getByRole("region", { name: "Your workspaces" });
    await expect(workspaces.getByRole("status")).toHaveText("You are now an owner of the workspace.");
    await expect(offer).toHaveCount(0);
    await expect(workspaces.getByTestId("my-workspaces")).toContainText("The Alvarez Family Trust · Owner");
    await expect(member.page.getByTestId("role-label")).toHaveText("Owner");

    // The former owner's page, not yet reloaded, still offers to change the new owner's role: the server refuses in words.
    const newOwnerRow = memberRow(owner.page, member.email);
    await newOwnerRow.getByLabel(`Role ${member.name}`).selectOption({ label: "Viewer" });
    await newOwnerRow.getByRole("button", { name: `Change the role of ${member.name}` }).click();
    await expect(newOwnerRow.getByRole("alert")).toHaveText("Only an owner can change or remove another owner.");
    await expect(newOwnerRow).toContainText(`${member.email} · Owner ·`);
    await expect(memberRow(owner.page, owner.email)).toContainText(`${owner.email} · Trustee ·`);
    await expect(owner.page.getByTestId("role-label")).toHaveText("Trustee");
    await expect(owner.page.getByRole("button", { name: "Delete the workspace" })).toHaveCount(0);
    // The new owner is the last owner now: no one may remove or demote them from their own page.
    await hydrated(member.page, "/admin");
    await expect(member.page.getByRole("button", { name: "Delete the workspace" })).toBeVisible();
    await expect(memberRow(member.page, owner.email).getByRole("button", { name: `Offer ownership to ${owner.name}` })).toBeVisible();
    await Promise.all([owner.context.close(), member.context.close()]);
  });

  test("a beneficiary is refused: 403 from the admin endpoints, and /admin shows her no controls", async ({ browser }) => {
    const context = await newBrowserContext(browser);
    const sophie = await context.newPage();
    await signInAsDemo(sophie, { email: "sophie@hartwell.example" });
    const sophieId = await userIdOf(context);
    const response = await sophie.goto("/admin");
    expect(response?.status()).toBe(403);
    await hydrated(sophie, "/admin");
    await expect(sophie.getByRole("heading", { name: "Workspace settings", level: 1 })).toBeVisible();
    await expect(sophie.getByText("Only owners and trustees of this workspace can open its settings.")).toBeVisible();
    const main = sophie.locator("main");
    await expect(main.getByRole("heading", { name: "Members" })).toHaveCount(0);
    await expect(main.getByRole("combobox")).toHaveCount(0);
    await expect(main.getByRole("textbox")).toHaveCount(0);
    await expect(main.getByRole("button")).toHaveCount(0);

    // From her page, with her cookie: what a changed page could send. Each is harmless had it been allowed.
    const answers = await sophie.evaluate(async (id) => {
      const form = (fields: Record<string, string>) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.set(name, value);
        return fetch("/admin", { method: "POST", body }).then((r) => r.status);
      };
      const share = await fetch(`/api/workspaces/members/${id}/share`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ shareBp: 2000 }),
      });
      return {
        role: await form({ intent: "role", userId: id, role: "beneficiary" }),
        remove: await form({ intent: "remove", userId: crypto.randomUUID() }),
        offer: await form({ intent: "offer", userId: id }),
        share: share.status,
        shareError: ((await share.json()) as { error?: string }).error,
      };
    }, sophieId);
    expect(answers).toEqual({ role: 403, remove: 403, offer: 403, share: 403, shareError: "Only owners and trustees can set beneficial shares." });
    await context.close();
  });

  test("/admin and /profile have no serious accessibility violations, and /admin fits a 360 px screen", async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await newBrowserContext(browser);
    const page = await context.newPage();
    await signInAsDemo(page);
    await hydrated(page, "/admin");
    await expect(page.getByRole("heading", { name: "Members", level: 2 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await hydrated(page, "/profile");
    await expect(page.getByRole("heading", { name: "Where you're signed in", level: 2 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await hydrated(page, "/admin");
    await expect(page.getByRole("heading", { name: "Members", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Audit log", level: 2 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
