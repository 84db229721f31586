import { expect, test } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

test.describe("the trust as amended", () => {
  test("the Hartwell demo's first amendment: what it changed with both passages, the current terms with their sources and a diff, and the same as JSON", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, "/documents");
    await page.getByRole("link", { name: "First Amendment to the Hartwell Family Trust" }).first().click();
    await page.waitForURL("**/documents/*");

    // Which instrument it amends, and how the product knows; the owner could correct it here.
    const link = page.getByRole("region", { name: "Which instrument does this amend?" });
    await expect(link.getByTestId("link-status")).toHaveText("Matched to “The Hartwell Family Revocable Living Trust” by the name in its heading.");
    await expect(link.getByLabel("The instrument it amends")).toHaveValue(/[0-9a-f-]{36}/);

    const view = page.getByRole("region", { name: "The trust as amended" });
    await expect(view).toContainText("“The Hartwell Family Revocable Living Trust” with its amendment applied.");
    await expect(view).toContainText("You are reading an amendment: this is the whole instrument as it now reads");

    // The amendment, read as edits of the trust's sections.
    const step = view.getByTestId("amendment-step");
    await expect(step).toContainText("First Amendment to the Hartwell Family Trust");
    await expect(step).toContainText("Restates Section 1.3");

    // What it changed, each with the words before and after.
    const changes = view.getByTestId("amendment-change");
    const successors = changes.filter({ hasText: "The successor trustees are now, in order: Daniel R. Hartwell, First Pacific Trust Company" });
    await expect(successors).toContainText("(before: Margaret A. Hartwell-Chen, First Pacific Trust Company)");
    await expect(successors.getByRole("blockquote").first()).toContainText("Margaret A. Hartwell-Chen shall serve as successor trustee");
    await expect(successors.getByRole("blockquote").nth(1)).toContainText("Daniel R. Hartwell shall serve as successor trustee");
    await expect(changes.filter({ hasText: "Sofia L. Chen is left out of the amended clause but still holds 20%" })).toHaveCount(1);
    await expect(changes.filter({ hasText: "A duty’s deadline changes from “Within sixty (60) days" })).toContainText("Within thirty (30) days");

    // The changed terms first, each saying where its words come from, with what it replaced.
    const terms = view.getByTestId("term");
    await expect(terms.first()).toHaveAttribute("data-status", "amended");
    const successorTerm = terms.filter({ hasText: "Daniel R. Hartwell shall serve as successor trustee" });
    await expect(successorTerm.getByRole("link", { name: "Words from “First Amendment to the Hartwell Family Trust”" })).toBeVisible();
    await successorTerm.getByText("What changed in this term").click();
    await expect(successorTerm.getByTestId("term-diff").locator("del").first()).toContainText("Margaret");
    await expect(successorTerm.getByTestId("term-diff").locator("ins").first()).toContainText("Daniel");

    // Every term on request, the unchanged ones citing the trust itself.
    const shown = await terms.count();
    await view.getByLabel("Show only the terms the amendments changed").uncheck();
    await expect.poll(() => terms.count()).toBeGreaterThan(shown);
    await expect(terms.filter({ hasText: "The trust shall be known as THE HARTWELL FAMILY REVOCABLE LIVING TRUST" })).toHaveAttribute(
      "data-status",
      "original",
    );

    const axe = await axeCheck(page).include("[data-testid=as-amended]").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

    // The same reading as JSON.
    const json = (await (await page.request.get(new URL(page.url()).pathname.replace("/documents/", "/api/documents/") + "/as-amended")).json()) as {
      success: boolean;
      asAmended: { instrument: { title: string; date: string }; changes: { kind: string }[] };
    };
    expect(json.success).toBe(true);
    expect(json.asAmended.instrument).toMatchObject({ title: "The Hartwell Family Revocable Living Trust", date: "2019-03-14" });
    expect(json.asAmended.changes.map((c) => c.kind)).toEqual(["successor_order_changed", "beneficiary_dropped", "duty_changed"]);

    // The drafting page reads the same: the certification starts from the original instrument with the amendment applied.
    await hydrated(page, "/document-drafting");
    await expect(page.getByTestId("prefill-amendments")).toHaveText(
      "Read as amended: the amendment “First Amendment to the Hartwell Family Trust” is applied.",
    );
    const preview = page.getByTestId("draft-preview");
    await expect(preview).toContainText(
      "The trust exists and was executed on March 14, 2019. The name of the trust is The Hartwell Family Revocable Living Trust.",
    );
    await expect(preview).toContainText("The settlors of the trust: Eleanor M. Hartwell and Thomas J. Hartwell.");
  });
});
