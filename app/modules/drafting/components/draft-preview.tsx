import { Fragment } from "react";
import { BLANK, type Block, type DraftDocument } from "../templates";

/** A value not given yet shows as a highlighted blank, so the eye finds what is missing. */
function WithBlanks({ text }: { text: string }) {
  const parts = text.split(BLANK);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <mark className="rounded bg-warning-soft px-1 text-warning-soft-foreground">{BLANK}</mark> : null}
        </Fragment>
      ))}
    </>
  );
}

function PreviewBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "title":
      return <p className="m-0 text-center text-lg font-bold uppercase tracking-wide">{<WithBlanks text={block.text} />}</p>;
    case "subtitle":
      return <p className="m-0 mb-3 text-center italic">{<WithBlanks text={block.text} />}</p>;
    case "heading":
      return <p className="m-0 mt-2 font-bold">{<WithBlanks text={block.text} />}</p>;
    case "paragraph":
      return <p className="m-0 whitespace-pre-wrap">{<WithBlanks text={block.text} />}</p>;
    case "notice":
      return <p className="m-0 whitespace-pre-wrap border-2 border-solid border-foreground p-2 font-bold">{<WithBlanks text={block.text} />}</p>;
    case "numbered":
      return (
        <ol className="m-0 grid gap-1 ps-6">
          {block.items.map((item, i) => (
            <li key={i} className="whitespace-pre-wrap">
              <WithBlanks text={item} />
            </li>
          ))}
        </ol>
      );
    case "bullets":
      return (
        <ul className="m-0 grid gap-1 ps-6">
          {block.items.map((item, i) => (
            <li key={i} className="whitespace-pre-wrap">
              <WithBlanks text={item} />
            </li>
          ))}
        </ul>
      );
    case "signature":
      return (
        <div className="mt-4">
          <p className="m-0">______________________________</p>
          <p className="m-0">
            <WithBlanks text={block.name} />
          </p>
          <p className="m-0 italic">{block.capacity}</p>
          {block.date ? <p className="m-0">{block.date}</p> : null}
        </div>
      );
  }
}

/** The draft as it will be exported; always English and left-to-right, whatever the interface language. */
export function DraftPreview({ draft, label }: { draft: DraftDocument; label: string }) {
  return (
    <div
      lang="en"
      dir="ltr"
      role="document"
      aria-label={label}
      data-testid="draft-preview"
      className="grid gap-3 rounded-lg border border-solid border-border bg-white p-6 text-sm leading-relaxed text-black shadow-sm"
      style={{ fontFamily: '"Times New Roman", Times, serif' }}
    >
      {draft.blocks.map((block, i) => (
        <PreviewBlock key={i} block={block} />
      ))}
    </div>
  );
}
