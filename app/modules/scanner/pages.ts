/**
 * The scanner's pages: pure state, no browser APIs, so that every rule is unit tested. A page holds
 * its picture (always a JPEG Blob made by the scanner), its size in pixels as taken, the rotation the
 * person gave it, and what text recognition made of it.
 */

/** Clockwise quarter turns, in degrees. */
export type Rotation = 0 | 90 | 180 | 270;

/** At most this many pages per scan: each is a picture held in memory on a phone. */
export const MAX_PAGES = 50;

export type OcrState = { status: "idle" } | { status: "running"; progress: number | null } | { status: "done" } | { status: "failed"; error: string };

export interface ScanPage<Image = Blob> {
  id: string;
  image: Image;
  /** Pixels of the picture as taken (before rotation). */
  width: number;
  height: number;
  rotation: Rotation;
  /** The recognised text, editable by the person; empty until recognised. */
  text: string;
  ocr: OcrState;
}

export interface PagesState<Image = Blob> {
  pages: ScanPage<Image>[];
  /** The page shown in the large preview. */
  selectedId: string | null;
}

export type PagesAction<Image = Blob> =
  | { type: "add"; pages: Pick<ScanPage<Image>, "id" | "image" | "width" | "height">[] }
  | { type: "remove"; id: string }
  | { type: "rotate"; id: string; direction: "left" | "right" }
  | { type: "move"; id: string; by: -1 | 1 }
  | { type: "reorder"; from: number; to: number }
  | { type: "select"; id: string }
  | { type: "ocr"; id: string; ocr: OcrState; text?: string }
  | { type: "editText"; id: string; text: string }
  | { type: "clear" };

export function emptyPages<Image = Blob>(): PagesState<Image> {
  return { pages: [], selectedId: null };
}

export function rotate(rotation: Rotation, direction: "left" | "right"): Rotation {
  return ((rotation + (direction === "right" ? 90 : 270)) % 360) as Rotation;
}

/** Whether the page's sides swap when it is shown (a quarter or three-quarter turn). */
export function isSideways(rotation: Rotation): boolean {
  return rotation === 90 || rotation === 270;
}

/** Width and height as the page is shown, after its rotation. */
export function displaySize(page: Pick<ScanPage<unknown>, "width" | "height" | "rotation">): { width: number; height: number } {
  return isSideways(page.rotation) ? { width: page.height, height: page.width } : { width: page.width, height: page.height };
}

function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return list;
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function updatePage<Image>(state: PagesState<Image>, id: string, patch: (page: ScanPage<Image>) => ScanPage<Image>): PagesState<Image> {
  if (!state.pages.some((page) => page.id === id)) return state;
  return { ...state, pages: state.pages.map((page) => (page.id === id ? patch(page) : page)) };
}

export function pagesReducer<Image>(state: PagesState<Image>, action: PagesAction<Image>): PagesState<Image> {
  switch (action.type) {
    case "add": {
      const room = Math.max(0, MAX_PAGES - state.pages.length);
      const added = action.pages.slice(0, room).map((page) => ({ ...page, rotation: 0 as Rotation, text: "", ocr: { status: "idle" as const } }));
      if (added.length === 0) return state;
      // The newest page is the one the person wants to check, so it goes to the preview.
      return { pages: [...state.pages, ...added], selectedId: added[added.length - 1].id };
    }
    case "remove": {
      const index = state.pages.findIndex((page) => page.id === action.id);
      if (index < 0) return state;
      const pages = state.pages.filter((page) => page.id !== action.id);
      // The preview moves to the page that took the removed one's place (or the new last page).
      const selectedId = state.selectedId === action.id ? (pages[Math.min(index, pages.length - 1)]?.id ?? null) : state.selectedId;
      return { pages, selectedId };
    }
    case "rotate":
      // Text recognised from the page as it was turned before no longer stands: it is read again.
      return updatePage(state, action.id, (page) => ({ ...page, rotation: rotate(page.rotation, action.direction), text: "", ocr: { status: "idle" } }));
    case "move": {
      const from = state.pages.findIndex((page) => page.id === action.id);
      if (from < 0) return state;
      const pages = moveItem(state.pages, from, from + action.by);
      return pages === state.pages ? state : { ...state, pages };
    }
    case "reorder": {
      const pages = moveItem(state.pages, action.from, action.to);
      return pages === state.pages ? state : { ...state, pages };
    }
    case "select":
      return state.pages.some((page) => page.id === action.id) ? { ...state, selectedId: action.id } : state;
    case "ocr":
      return updatePage(state, action.id, (page) => ({ ...page, ocr: action.ocr, text: action.text ?? page.text }));
    case "editText":
      return updatePage(state, action.id, (page) => ({ ...page, text: action.text }));
    case "clear":
      return emptyPages();
  }
}

/** The position (1-based) of a page, as people count pages. */
export function pageNumber(state: PagesState<unknown>, id: string): number {
  return state.pages.findIndex((page) => page.id === id) + 1;
}

/**
 * The text of the whole scan for the search index and the analysis: every page's text in order,
 * each led by a page marker when there are several, blank lines between. Empty when no page has text.
 */
export function joinPageTexts(texts: string[], marker: (pageNumber: number) => string): string {
  if (!texts.some((text) => text.trim())) return "";
  if (texts.length === 1) return texts[0].trim();
  return texts.map((text, i) => `${marker(i + 1)}\n\n${text.trim()}`.trim()).join("\n\n");
}

/** A PDF file name from the title: letters, digits and dashes (any script), never empty. */
export function scanFileName(title: string, fallback = "scan"): string {
  const base = title
    .normalize("NFKC")
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
  return `${base || fallback}.pdf`;
}
