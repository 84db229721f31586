import { Link } from "@remix-run/react";
import { BookOpen, Calendar, FileText, Handshake, Lightbulb, Search, ShieldCheck, Upload, Users, Vote, Wallet, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { actionIcon, safeUrl } from "../widget/actions";
import type { ChatMessage, SuggestedAction } from "../widget/types";

/** The assistant's named action icons as drawn icons; an emoji the server sends is kept as it came. */
const ACTION_ICONS: Readonly<Record<string, LucideIcon>> = {
  upload: Upload,
  help: BookOpen,
  compliance: ShieldCheck,
  document: FileText,
  file: FileText,
  share: Handshake,
  users: Users,
  calendar: Calendar,
  vote: Vote,
  money: Wallet,
  search: Search,
  explain: Lightbulb,
};

function ActionIcon({ icon }: { icon: string | undefined }) {
  const Icon = icon && Object.prototype.hasOwnProperty.call(ACTION_ICONS, icon) ? ACTION_ICONS[icon] : null;
  if (Icon) return <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />;
  return <span aria-hidden="true">{actionIcon(icon)}</span>;
}

/** A same-site path opens inside the app; an outside address opens in a new tab. */
function SafeLink({ url, children, className }: { url: string; children: ReactNode; className?: string }) {
  const href = safeUrl(url);
  if (!href) return <span className={className}>{children}</span>;
  if (href.startsWith("/") || href.startsWith("#")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

const linkClass = "text-link underline underline-offset-2 break-words";

/** One message of the conversation: its text, then the assistant's actions, sources and articles. */
export function ChatMessageView({ message, time, onAction }: { message: ChatMessage; time: string; onAction: (action: SuggestedAction) => void }) {
  const { t } = useTranslation("assistant");
  const mine = message.role === "user";
  const engine = message.engine ? t(`engine.${message.engine}`, { defaultValue: message.engine }) : null;
  return (
    <li
      className={cn("flex max-w-[88%] flex-col gap-1", mine ? "items-end self-end" : "items-start self-start")}
      data-testid="assistant-message"
      data-role={message.role}
    >
      {message.documentContext ? (
        <span className="text-xs text-muted-foreground" data-testid="assistant-message-document">
          {t("about", { name: message.documentContext.documentName })}
        </span>
      ) : null}
      <div
        className={cn(
          "box-border max-w-full whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm leading-relaxed",
          mine ? "bg-primary text-primary-foreground" : "border border-solid border-border bg-background text-foreground",
        )}
        data-testid="assistant-message-content"
      >
        <span className="sr-only">{mine ? t("you") : t("assistant")}: </span>
        {message.content}
      </div>

      {message.suggestedActions?.length ? (
        <ul aria-label={t("actionsLabel")} className="m-0 flex list-none flex-wrap gap-1 p-0" data-testid="assistant-actions">
          {message.suggestedActions.map((action, index) => (
            <li key={`${action.action}-${index}`}>
              <button
                type="button"
                onClick={() => onAction(action)}
                data-action={action.action}
                className="inline-flex h-8 cursor-pointer items-center gap-1 rounded-full border border-solid border-border bg-card px-3 text-xs font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <ActionIcon icon={action.icon} />
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {message.citations?.length ? (
        <div className="text-xs" data-testid="assistant-citations">
          <p className="m-0 font-semibold text-muted-foreground">{t("sourcesLabel")}</p>
          <ul className="m-0 grid list-none gap-1 p-0">
            {message.citations.map((citation, index) => (
              <li key={`${citation.url}-${index}`}>
                <SafeLink url={citation.url} className={linkClass}>
                  {citation.documentTitle || citation.url}
                </SafeLink>
                {citation.excerpt ? <span className="block text-muted-foreground">“{citation.excerpt}”</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {message.relatedArticles?.length ? (
        <div className="text-xs" data-testid="assistant-related">
          <p className="m-0 font-semibold text-muted-foreground">{t("relatedLabel")}</p>
          <ul className="m-0 grid list-none gap-1 p-0">
            {message.relatedArticles.map((article, index) => (
              <li key={`${article.url}-${index}`}>
                <SafeLink url={article.url} className={linkClass}>
                  {article.title}
                </SafeLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <span className="text-xs text-muted-foreground">
        <time dateTime={message.timestamp}>{time}</time>
        {engine ? <span data-testid="assistant-engine"> · {engine}</span> : null}
      </span>
    </li>
  );
}
