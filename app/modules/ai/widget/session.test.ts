import { describe, expect, it } from "vitest";
import { createSessionStore, MAX_STORED_MESSAGES, newSession, parseSession, sessionIdFor, sessionStorageKey, type StorageLike } from "./session";
import type { ChatMessage } from "./types";

const now = new Date("2026-03-01T10:00:00.000Z");
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
  it("stores each session under its own key", () => expect(sessionStorageKey("page__documents")).toBe("chat-session-page__documents"));
});

describe("session store", () => {
  it("starts a session with its start time and keeps it across loads", () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
    expect(store.load("page__help", now)).toEqual({ id: "page__help", messages: [], context: { sessionStart: now.toISOString() } });
    store.append("page__help", message("a"), now);
    store.append("page__help", message("b", "assistant"), new Date("2026-03-01T11:00:00.000Z"));
    const raw = JSON.parse(storage.getItem("chat-session-page__help")!);
    expect(raw).toEqual({ id: "page__help", messages: [message("a"), message("b", "assistant")], context: { sessionStart: now.toISOString() } });
    expect(createSessionStore(storage).load("page__help", new Date()).messages.map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("keeps sessions apart", () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage);
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
        messages: [message("ok"), { id: 1, role: "user" }, { ...message("bad"), role: "system" }, { ...message("acts", "assistant"), suggestedActions: [{ label: "L", action: "help", icon: "help" }, { label: 3 }] }],
      }),
      "a",
    );
    expect(parsed?.messages.map((m) => m.id)).toEqual(["ok", "acts"]);
    expect(parsed?.messages[1].suggestedActions).toEqual([{ label: "L", action: "help", icon: "help" }]);
    const storage = new MemoryStorage();
    storage.setItem("chat-session-a", "garbage");
    expect(createSessionStore(storage).load("a", now)).toEqual(newSession("a", now));
  });

  it("keeps the latest messages only", () => {
    const store = createSessionStore(new MemoryStorage());
    let session = store.load("s", now);
    for (let i = 0; i < MAX_STORED_MESSAGES + 5; i++) session = store.append("s", message(String(i)), now);
    expect(session.messages).toHaveLength(MAX_STORED_MESSAGES);
    expect(session.messages[0].id).toBe("5");
  });

  it("still works for the page when storage is missing or refuses to write", () => {
    const noStorage = createSessionStore(null);
    noStorage.append("s", message("1"), now);
    expect(noStorage.load("s", now).messages).toHaveLength(1);
    const full = createSessionStore({
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    full.append("s", message("1"), now);
    full.append("s", message("2"), now);
    expect(full.load("s", now).messages.map((m) => m.id)).toEqual(["1", "2"]);
    const blocked = createSessionStore({
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    });
    expect(blocked.load("s", now).messages).toEqual([]);
  });
});
