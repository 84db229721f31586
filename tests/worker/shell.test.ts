import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { sql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;

const statValue = (html: string, id: string) => new RegExp(`data-testid="${id}-value">([^<]*)<`).exec(html)?.[1];

describe("dashboard on real data", () => {
  it("counts the workspace's documents and compliance items, and changes when they change", async () => {
    const { client, me } = await startWorkspace(baseUrl, "dash", "The Dashboard Trust");
    let html = await (await client.get("/dashboard")).text();
    expect(statValue(html, "stat-documents")).toBe("0");
    expect(statValue(html, "stat-members")).toBe("1");
    expect(statValue(html, "stat-compliance")).toBe("No items yet");

    const now = Date.now();
    const ws = me.workspace.id;
    sql(
      sqlUrl,
      `INSERT INTO documents (id, workspace_id, title, type, status, file_name, mime_type, size_bytes, storage_key, uploaded_by, created_at, updated_at)
       VALUES ('${crypto.randomUUID()}', '${ws}', 'Trust instrument', 'trust', 'completed', 'trust.pdf', 'application/pdf', 10, 'ws/${ws}/x', '${me.id}', ${now}, ${now});
       INSERT INTO compliance_items (id, workspace_id, title, due_at, completed_at, created_at) VALUES
       ('${crypto.randomUUID()}', '${ws}', 'Annual accounting', ${now - 86400000}, NULL, ${now}),
       ('${crypto.randomUUID()}', '${ws}', 'Tax return', ${now + 86400000 * 30}, NULL, ${now}),
       ('${crypto.randomUUID()}', '${ws}', 'Notice to beneficiaries', ${now - 86400000 * 5}, ${now - 86400000 * 6}, ${now}),
       ('${crypto.randomUUID()}', '${ws}', 'Bond renewal', ${now + 86400000 * 60}, NULL, ${now});`,
    );
    html = await (await client.get("/dashboard")).text();
    expect(statValue(html, "stat-documents")).toBe("1");
    // The compliance score: of the two items fallen due, one was done on time and one is overdue (50%); the two
    // not yet due do not count either way.
    expect(statValue(html, "stat-compliance")).toBe("50%");
    expect(html).toContain("1 overdue of 4 items");
    expect(html).toContain("Trust instrument");
  });

  it("does not count another workspace's documents", async () => {
    const a = await startWorkspace(baseUrl, "wsa", "Trust A");
    const b = await startWorkspace(baseUrl, "wsb", "Trust B");
    const now = Date.now();
    sql(
      sqlUrl,
      `INSERT INTO documents (id, workspace_id, title, type, status, file_name, mime_type, size_bytes, storage_key, uploaded_by, created_at, updated_at)
       VALUES ('${crypto.randomUUID()}', '${a.me.workspace.id}', 'Secret will of A', 'will', 'pending', 'w.pdf', 'application/pdf', 10, 'ws/a/x', '${a.me.id}', ${now}, ${now});`,
    );
    const html = await (await b.client.get("/dashboard")).text();
    expect(statValue(html, "stat-documents")).toBe("0");
    expect(html).not.toContain("Secret will of A");
  });
});

describe("display preferences", () => {
  it("POST /api/preferences needs a session, validates, and the profile choice renders on a new device", async () => {
    const anonymous = new Client(baseUrl);
    expect((await anonymous.postJson("/api/preferences", { theme: "ocean" })).status).toBe(401);

    const { client, account } = await startWorkspace(baseUrl, "prefs", "Preference Trust");
    const bad = await client.postJson("/api/preferences", { language: "xx" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Choose one of the supported languages.");
    expect((await client.postJson("/api/preferences", {})).status).toBe(400);
    expect((await client.postJson("/api/preferences", { theme: "ocean", extra: 1 })).status).toBe(400);
    expect((await client.get("/api/preferences")).status).toBe(405);

    const ok = await client.postJson("/api/preferences", { language: "fr", theme: "legal", darkMode: true });
    expect(ok.status).toBe(200);

    // A second device with no cookies of its own signs in and gets the saved choice from the server.
    const other = new Client(baseUrl);
    expect((await other.postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    const html = await (await other.get("/dashboard")).text();
    expect(html).toMatch(/<html lang="fr" dir="ltr" data-theme="legal" class="dark"/);
  });

  it("renders the Accept-Language base code, Arabic right-to-left, and unknown languages in English", async () => {
    const visitor = new Client(baseUrl);
    const fetchHtml = async (lang: string) => (await visitor.fetch("/", { headers: { "Accept-Language": lang, "User-Agent": "bot" } })).text();
    expect(await fetchHtml("de-AT,de;q=0.9")).toMatch(/<html lang="de" dir="ltr"/);
    expect(await fetchHtml("ar-EG")).toMatch(/<html lang="ar" dir="rtl"/);
    expect(await fetchHtml("nl-NL")).toMatch(/<html lang="en" dir="ltr"/);
  });
});

describe("profile", () => {
  it("a profile picture is private to the person's workspaces", async () => {
    const owner = await startWorkspace(baseUrl, "pic", "Picture Trust");
    const outsider = await startWorkspace(baseUrl, "out", "Outsider Trust");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([png], "me.png", { type: "image/png" }));
    const upload = await owner.client.fetch("/profile", { method: "POST", body: form, headers: { Origin: baseUrl } });
    expect(upload.status).toBeLessThan(400);
    const me = (await (await owner.client.get("/api/auth/user")).json()) as { profileImageUrl: string };
    expect(me.profileImageUrl).toMatch(new RegExp(`^/api/users/${owner.me.id}/avatar\\?v=`));
    const mine = await owner.client.get(me.profileImageUrl);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/png");
    expect((await outsider.client.get(me.profileImageUrl)).status).toBe(404);
    expect((await new Client(baseUrl).get(me.profileImageUrl)).status).toBe(401);
  });

  it("refuses a file that is not an image, whatever its name, and keeps the old picture", async () => {
    const owner = await startWorkspace(baseUrl, "pic2", "Picture Trust 2");
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([new TextEncoder().encode("%PDF-1.7 not an image")], "photo.png", { type: "image/png" }));
    const response = await owner.client.fetch("/profile", { method: "POST", body: form, headers: { Origin: baseUrl } });
    expect(response.status).toBe(415);
    const me = (await (await owner.client.get("/api/auth/user")).json()) as { profileImageUrl: string | null };
    expect(me.profileImageUrl).toBeNull();
  });

  it("the profile's command buttons: an unknown action is a 400 with its sentence; signing out the others keeps this session", async () => {
    const { client, account } = await startWorkspace(baseUrl, "cmd", "Command Trust");
    const second = new Client(baseUrl);
    await second.postJson("/api/auth/login", { email: account.email, password: account.password });
    const unknown = await client.postForm("/profile", { intent: "format-disk" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("This form action is not recognised");
    expect((await second.get("/api/auth/user")).status).toBe(200);

    expect((await client.postForm("/profile", { intent: "sign-out-others" })).status).toBe(200);
    expect((await second.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("changing the password needs the current one and signs out the other sessions", async () => {
    const { client, account } = await startWorkspace(baseUrl, "pw", "Password Trust");
    const second = new Client(baseUrl);
    await second.postJson("/api/auth/login", { email: account.email, password: account.password });
    expect((await second.get("/api/auth/user")).status).toBe(200);

    const wrong = await client.postForm("/profile", {
      intent: "password",
      currentPassword: "not-my-password",
      password: "N3w&Better!Pass",
      confirmPassword: "N3w&Better!Pass",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct");
    expect((await second.get("/api/auth/user")).status).toBe(200);

    const ok = await client.postForm("/profile", {
      intent: "password",
      currentPassword: account.password,
      password: "N3w&Better!Pass",
      confirmPassword: "N3w&Better!Pass",
    });
    expect(ok.status).toBe(200);
    expect((await second.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });
});

describe("public resources", () => {
  it("serves the guides as PDFs and 404s unknown ones", async () => {
    const visitor = new Client(baseUrl);
    const pdf = await visitor.get("/guides/beneficiary-rights-basics.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await visitor.get("/guides/beneficiary-rights-basics")).status).toBe(404);
    expect((await visitor.get("/guides/../secrets.pdf")).status).toBe(404);
  });

  it("/api/login sends sign-in to /auth and the trial to /customer-signup", async () => {
    const visitor = new Client(baseUrl);
    expect((await visitor.get("/api/login")).headers.get("Location")).toBe("/auth");
    expect((await visitor.get("/api/login?intent=trial")).headers.get("Location")).toBe("/customer-signup");
  });
});
