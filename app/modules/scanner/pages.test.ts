import { describe, expect, it } from "vitest";
import { displaySize, emptyPages, joinPageTexts, MAX_PAGES, pageNumber, pagesReducer, type PagesAction, type PagesState, rotate, scanFileName } from "./pages";
import { detectPictureType } from "./picture-type";

type State = PagesState<string>;
const run = (state: State, ...actions: PagesAction<string>[]) => actions.reduce(pagesReducer<string>, state);
const add = (...ids: string[]): PagesAction<string> => ({ type: "add", pages: ids.map((id) => ({ id, image: `${id}.jpg`, width: 640, height: 480 })) });
const order = (state: State) => state.pages.map((page) => page.id);

describe("pagesReducer", () => {
  it("adds pages at the end, unturned and unread, and previews the newest", () => {
    const state = run(emptyPages<string>(), add("a"), add("b", "c"));
    expect(order(state)).toEqual(["a", "b", "c"]);
    expect(state.selectedId).toBe("c");
    expect(state.pages[0]).toEqual({ id: "a", image: "a.jpg", width: 640, height: 480, rotation: 0, text: "", ocr: { status: "idle" } });
  });

  it("keeps at most MAX_PAGES pages", () => {
    const many = Array.from({ length: MAX_PAGES + 5 }, (_, i) => `p${i}`);
    const state = run(emptyPages<string>(), add(...many));
    expect(state.pages).toHaveLength(MAX_PAGES);
    expect(run(state, add("one more"))).toBe(state);
  });

  it("removes a page and moves the preview to its neighbour", () => {
    const start = run(emptyPages<string>(), add("a", "b", "c"), { type: "select", id: "b" });
    const removed = run(start, { type: "remove", id: "b" });
    expect(order(removed)).toEqual(["a", "c"]);
    expect(removed.selectedId).toBe("c");
    const last = run(start, { type: "select", id: "c" }, { type: "remove", id: "c" });
    expect(last.selectedId).toBe("b");
    const other = run(start, { type: "remove", id: "a" });
    expect(other.selectedId).toBe("b");
    expect(run(start, { type: "remove", id: "a" }, { type: "remove", id: "b" }, { type: "remove", id: "c" })).toEqual(emptyPages());
    expect(run(start, { type: "remove", id: "nope" })).toBe(start);
  });

  it("turns a page by quarter turns both ways and forgets its old text", () => {
    const read = run(emptyPages<string>(), add("a"), { type: "ocr", id: "a", ocr: { status: "done" }, text: "HELLO" });
    expect(read.pages[0].text).toBe("HELLO");
    const right = run(read, { type: "rotate", id: "a", direction: "right" });
    expect(right.pages[0]).toMatchObject({ rotation: 90, text: "", ocr: { status: "idle" } });
    expect(run(right, { type: "rotate", id: "a", direction: "right" }, { type: "rotate", id: "a", direction: "right" }).pages[0].rotation).toBe(270);
    expect(run(read, { type: "rotate", id: "a", direction: "left" }).pages[0].rotation).toBe(270);
    expect(run(read, ...Array(4).fill({ type: "rotate", id: "a", direction: "left" })).pages[0].rotation).toBe(0);
  });

  it("moves pages up and down, and not past either end", () => {
    const start = run(emptyPages<string>(), add("a", "b", "c"));
    expect(order(run(start, { type: "move", id: "c", by: -1 }))).toEqual(["a", "c", "b"]);
    expect(order(run(start, { type: "move", id: "a", by: 1 }))).toEqual(["b", "a", "c"]);
    expect(run(start, { type: "move", id: "a", by: -1 })).toBe(start);
    expect(run(start, { type: "move", id: "c", by: 1 })).toBe(start);
  });

  it("reorders by position, ignoring positions outside the list", () => {
    const start = run(emptyPages<string>(), add("a", "b", "c", "d"));
    expect(order(run(start, { type: "reorder", from: 3, to: 0 }))).toEqual(["d", "a", "b", "c"]);
    expect(order(run(start, { type: "reorder", from: 0, to: 2 }))).toEqual(["b", "c", "a", "d"]);
    expect(run(start, { type: "reorder", from: 0, to: 9 })).toBe(start);
    expect(run(start, { type: "reorder", from: 1, to: 1 })).toBe(start);
  });

  it("records recognition progress and the text, which the person may then correct", () => {
    const start = run(emptyPages<string>(), add("a", "b"));
    const running = run(start, { type: "ocr", id: "a", ocr: { status: "running", progress: 40 } });
    expect(running.pages[0].ocr).toEqual({ status: "running", progress: 40 });
    const done = run(running, { type: "ocr", id: "a", ocr: { status: "done" }, text: "CEDAR CREST" }, { type: "editText", id: "a", text: "CEDAR CREST ROOF" });
    expect(done.pages[0]).toMatchObject({ text: "CEDAR CREST ROOF", ocr: { status: "done" } });
    const failed = run(start, { type: "ocr", id: "b", ocr: { status: "failed", error: "no" } });
    expect(failed.pages[1].ocr).toEqual({ status: "failed", error: "no" });
  });

  it("selects only pages that exist, numbers pages from one, and clears", () => {
    const start = run(emptyPages<string>(), add("a", "b"));
    expect(run(start, { type: "select", id: "a" }).selectedId).toBe("a");
    expect(run(start, { type: "select", id: "zzz" })).toBe(start);
    expect(pageNumber(start, "b")).toBe(2);
    expect(pageNumber(start, "zzz")).toBe(0);
    expect(run(start, { type: "clear" })).toEqual(emptyPages());
  });
});

describe("page helpers", () => {
  it("rotates and swaps sides for quarter turns", () => {
    expect(rotate(0, "right")).toBe(90);
    expect(rotate(0, "left")).toBe(270);
    expect(rotate(270, "right")).toBe(0);
    expect(displaySize({ width: 640, height: 480, rotation: 90 })).toEqual({ width: 480, height: 640 });
    expect(displaySize({ width: 640, height: 480, rotation: 180 })).toEqual({ width: 640, height: 480 });
  });

  it("joins the pages' text with page markers, and is empty when nothing was read", () => {
    const marker = (n: number) => `--- Page ${n} ---`;
    expect(joinPageTexts(["  one  "], marker)).toBe("one");
    expect(joinPageTexts(["one\n", "", "three"], marker)).toBe("--- Page 1 ---\n\none\n\n--- Page 2 ---\n\n--- Page 3 ---\n\nthree");
    expect(joinPageTexts(["", "  \n"], marker)).toBe("");
    expect(joinPageTexts([], marker)).toBe("");
  });

  it("makes a safe PDF file name from the title", () => {
    expect(scanFileName("Roof invoice: May 2026!")).toBe("Roof-invoice-May-2026.pdf");
    expect(scanFileName("Überweisung – März")).toBe("Überweisung-März.pdf");
    expect(scanFileName("信託証書")).toBe("信託証書.pdf");
    expect(scanFileName("  ***  ")).toBe("scan.pdf");
    expect(scanFileName("a/b\\c")).toBe("a-b-c.pdf");
  });
});

describe("detectPictureType", () => {
  const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(detectPictureType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(detectPictureType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(detectPictureType(bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses everything else, whatever its name", () => {
    expect(detectPictureType(bytes("%PDF-1.7"))).toBeNull();
    expect(detectPictureType(bytes("GIF89a", 1, 0, 1, 0))).toBeNull();
    expect(detectPictureType(bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt "))).toBeNull();
    expect(detectPictureType(bytes("hello, this is text"))).toBeNull();
    expect(detectPictureType(new Uint8Array())).toBeNull();
    expect(detectPictureType(bytes(0xff, 0xd8))).toBeNull();
  });
});
