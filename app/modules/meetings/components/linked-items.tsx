import { Link } from "@remix-run/react";
import { FileText, Vote } from "lucide-react";
import { useTranslation } from "react-i18next";

export interface LinkedItemView {
  id: string;
  title: string;
  url: string;
}

/** The poll and documents the host linked to the meeting, as links, when the person may open them. */
export function LinkedItems({ poll, documents }: { poll: LinkedItemView | null; documents: LinkedItemView[] }) {
  const { t } = useTranslation("meetings");
  if (!poll && documents.length === 0) return null;
  return (
    <section aria-labelledby="linked-heading" className="grid gap-1" data-testid="meeting-links">
      <h2 id="linked-heading" className="m-0 text-base">
        {t("page.toDiscuss")}
      </h2>
      <ul className="m-0 grid list-none gap-1 p-0 text-sm">
        {poll ? (
          <li className="flex items-center gap-2">
            <Vote aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="min-w-0 break-words">
              {t("page.linkedPoll")} <Link to={poll.url}>{poll.title}</Link>
            </span>
          </li>
        ) : null}
        {documents.map((d) => (
          <li key={d.id} className="flex items-center gap-2">
            <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="min-w-0 break-words">
              {t("page.linkedDocument")} <Link to={d.url}>{d.title}</Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
