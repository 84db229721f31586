import { FileText } from "lucide-react";
import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentCard } from "../document-cards.server";
import { parseMessage, type Inline } from "../format";

/** A message's words as elements (never HTML), with cards for the documents it links to. */
export function MessageBody({ body, cards, me }: { body: string; cards: Map<string, DocumentCard | null>; me: string }) {
  const blocks = parseMessage(body, typeof window === "undefined" ? undefined : window.location.origin);
  const linked: string[] = [];
  const renderInline = (nodes: Inline[]): ReactNode =>
    nodes.map((node, i) => {
      switch (node.t) {
        case "text":
          return <Fragment key={i}>{node.v}</Fragment>;
        case "strong":
          return <strong key={i}>{renderInline(node.c)}</strong>;
        case "em":
          return <em key={i}>{renderInline(node.c)}</em>;
        case "code":
          return (
            <code key={i} className="rounded bg-muted px-1 text-sm">
              {node.v}
            </code>
          );
        case "mention":
          return (
            <span
              key={i}
              className={`rounded px-1 font-medium ${node.name.toLowerCase() === me.toLowerCase() ? "bg-amber-200 text-amber-950" : "bg-muted"}`}
              data-mention={node.name}
            >
              @{node.name}
            </span>
          );
        case "link":
          if (node.documentId) linked.push(node.documentId);
          return node.href.startsWith("/") ? (
            <Link key={i} to={node.href} className="text-primary underline">
              {renderInline(node.c)}
            </Link>
          ) : (
            <a key={i} href={node.href} className="text-primary underline" target="_blank" rel="noopener noreferrer nofollow">
              {renderInline(node.c)}
            </a>
          );
      }
    });
  const content = blocks.map((block, i) =>
    block.t === "p" ? (
      <p key={i} className="m-0 whitespace-pre-wrap break-words">
        {block.lines.map((line, j) => (
          <Fragment key={j}>
            {j > 0 ? <br /> : null}
            {renderInline(line)}
          </Fragment>
        ))}
      </p>
    ) : block.t === "ul" ? (
      <ul key={i} className="my-1 ps-5">
        {block.items.map((item, j) => (
          <li key={j}>{renderInline(item)}</li>
        ))}
      </ul>
    ) : (
      <ol key={i} start={block.start} className="my-1 ps-5">
        {block.items.map((item, j) => (
          <li key={j}>{renderInline(item)}</li>
        ))}
      </ol>
    ),
  );
  return (
    <div className="grid gap-1">
      {content}
      {[...new Set(linked)].map((id) => (
        <DocumentCardView key={id} id={id} card={cards.get(id)} />
      ))}
    </div>
  );
}

function DocumentCardView({ id, card }: { id: string; card: DocumentCard | null | undefined }) {
  const { t } = useTranslation("conversations");
  if (card === undefined) return null;
  if (card === null) {
    return (
      <p className="m-0 text-xs text-muted-foreground" data-testid="document-card-hidden">
        {t("documentCard.hidden")}
      </p>
    );
  }
  return (
    <Link
      to={`/documents/${id}`}
      className="flex max-w-sm items-center gap-3 rounded-md border border-solid border-border bg-card p-2 text-inherit no-underline hover:bg-muted"
      data-testid="document-card"
    >
      <FileText aria-hidden="true" className="h-6 w-6 shrink-0 text-muted-foreground" />
      <span className="grid">
        <span className="font-medium">{card.title}</span>
        <span className="text-xs text-muted-foreground">
          {t(`documentCard.type.${card.type}`, { defaultValue: card.type })} · {t(`documentCard.status.${card.status}`, { defaultValue: card.status })}
        </span>
      </span>
    </Link>
  );
}
