import { describe, expect, it } from "vitest";
import {
  createSessionStore,
  foreignSessionKeys,
  MAX_STORED_MESSAGES,
  newSession,
  parseSession,
  removeForeignSessions,
  sessionIdFor,
  sessionStorageKey,
  storageScope,
  type StorageLike,
} from "./session";
import type { ChatMessage } from "./types";

const now = new Date("2026-03-01T10:00:00.000Z");
const SCOPE = "u1:w1";
const message = (id: string, role: "user" | "assistant" = "user"): ChatMessage => ({ id, role, content: `text ${id}`, timestamp: now.toISOString() });

class MemoryStorage implements StorageLike {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("session ids (spec section 3)", () => {
  it("doc_{documentId} when a document is in context", () => expect(sessionIdFor("/documents/abc", "abc")).toBe("doc_abc"));
  it.each([
    ["/documents", "page__documents"],
    ["/", "page__"],
    ["/dashboard", "page__dashboard"],
    ["/version-control/abc", "page__version-control_abc"],
    ["/trust-administration", "page__trust-administration"],
  ])("%s → %s", (path, id) => expect(sessionIdFor(path, null)).toBe(id));
  it("stores each session under its own key, namespaced by user and workspace (or anon signed out)", () => {
    expect(sessionStorageKey("page__documents", storageScope({ id: "u1", workspace: { id: "w1" } }))).toBe("chat-session-u1:w1:page__documents");
    expect(sessionStorageKey("doc_abc", storageScope(null))).toBe("chat-session-anon:doc_abc");
    expect(storageScope({ id: "u1", workspace: null })).toBe("u1:none");
  });
});

describe("session store", () => {
  it("starts a session with its start time and keeps it across loads", () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage, SCOPE);
    expect(store.load("page__help", now)).toEqual({ id: "page__help", messages: [], context: { sessionStart: now.toISOString() } });
    store.append("page__help", message("a"), now);
    store.append("page__help", message("b", "assistant"), new Date("2026-03-01T11:00:00.000Z"));
    const raw = JSON.parse(storage.getItem("chat-session-u1:w1:page__help")!);
    expect(raw).toEqual({ id: "page__help", messages: [message("a"), message("b", "assistant")], context: { sessionStart: now.toISOString() } });
    expect(
      createSessionStore(storage, SCOPE)
        .load("page__help", new Date())
        .messages.map((m) => m.id),
    ).toEqual(["a", "b"]);
  });

  it("keeps sessions apart", () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage, SCOPE);
    store.append("page__a", message("1"), now);
    store.append("doc_x", message("2"), now);
    expect(store.load("page__a", now).messages.map((m) => m.id)).toEqual(["1"]);
    expect(store.load("doc_x", now).messages.map((m) => m.id)).toEqual(["2"]);
  });

  it("ignores a broken or foreign entry and drops malformed messages", () => {
    expect(parseSession("{not json", "a")).toBeNull();
    expect(parseSession(JSON.stringify({ id: "b", messages: [], context: { sessionStart: "x" } }), "a")).toBeNull();
    expect(parseSession(JSON.stringify({ id: "a", messages: [] }), "a")).toBeNull();
    const parsed = parseSession(
      JSON.stringify({
        id: "a",
        context: { sessionStart: now.toISOString() },
        messages: [
          message("ok"),
          { id: 1, role: "user" },
          { ...message("bad"), role: "system" },
          { ...message("acts", "assistant"), suggestedActions: [{ label: "L", action: "help", icon: "help" }, { label: 3 }] },
        ],
      }),
      "a",
    );
    expect(parsed?.messages.map((m) => m.id)).toEqual(["ok", "acts"]);
    expect(parsed?.messages[1].suggestedActions).toEqual([{ label: "L", action: "help", icon: "help" }]);
    const storage = new MemoryStorage();
    storage.setItem("chat-session-u1:w1:a", "garbage");
    expect(createSessionStore(storage, SCOPE).load("a", now)).toEqual(newSession("a", now));
  });

  it("keeps the latest messages only", () => {
    const store = createSessionStore(new MemoryStorage(), SCOPE);
    let session = store.load("s", now);
    for (let i = 0; i < MAX_STORED_MESSAGES + 5; i++) session = store.append("s", message(String(i)), now);
    expect(session.messages).toHaveLength(MAX_STORED_MESSAGES);
    expect(session.messages[0].id).toBe("5");
  });

  it("still works for the page when storage is missing or refuses to write", () => {
    const noStorage = createSessionStore(null, SCOPE);
    noStorage.append("s", message("1"), now);
    expect(noStorage.load("s", now).messages).toHaveLength(1);
    const full = createSessionStore(
      {
        getItem: () => null,
        setItem: () => {
          throw new Error("QuotaExceededError");
        },
      },
      SCOPE,
    );
    full.append("s", message("1"), now);
    full.append("s", message("2"), now);
    expect(full.load("s", now).messages.map((m) => m.id)).toEqual(["1", "2"]);
    const blocked = createSessionStore(
      {
        getItem: () => {
          throw new Error("SecurityError");
        },
        setItem: () => undefined,
      },
      SCOPE,
    );
    expect(blocked.load("s", now).messages).toEqual([]);
  });
});

describe("sessions of other people in the same browser", () => {
  const eleanor = { id: "u1", workspace: { id: "w1" } };
  const keys = [
    "chat-session-u1:w1:page__help",
    "chat-session-u1:w2:doc_x",
    "chat-session-u2:w1:page__help",
    "chat-session-anon:page__auth",
    "chat-session-page__help",
    "theme",
    "darkMode",
    "preferred-language",
  ];

  it("are another user's, a signed-out visitor's, or from before keys were namespaced; never other preferences", () => {
    expect(foreignSessionKeys(keys, eleanor)).toEqual(["chat-session-u2:w1:page__help", "chat-session-anon:page__auth", "chat-session-page__help"]);
    expect(foreignSessionKeys(keys, null)).toEqual([
      "chat-session-u1:w1:page__help",
      "chat-session-u1:w2:doc_x",
      "chat-session-u2:w1:page__help",
      "chat-session-page__help",
    ]);
  });

  it("are removed from storage, keeping this person's (every workspace) and everything else", () => {
    const items = new Map(keys.map((k) => [k, "{}"]));
    const storage = {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      removeItem: (k: string) => void items.delete(k),
    };
    expect(removeForeignSessions(storage, eleanor)).toBe(3);
    expect([...items.keys()]).toEqual(["chat-session-u1:w1:page__help", "chat-session-u1:w2:doc_x", "theme", "darkMode", "preferred-language"]);
    expect(removeForeignSessions(null, eleanor)).toBe(0);
  });
});

describe("stored messages' document context", () => {
  it("defaults a missing name and type to the spec's Current Document and Trust Document", () => {
    const raw = JSON.stringify({
      id: "a",
      context: { sessionStart: now.toISOString() },
      messages: [{ ...message("m"), documentContext: { documentId: "d1" } }],
    });
    expect(parseSession(raw, "a")?.messages[0].documentContext).toEqual({ documentId: "d1", documentName: "Current Document", documentType: "Trust Document" });
  });
});
