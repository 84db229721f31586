import { X } from "lucide-react";
import { Form, Link, useActionData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useOptionalRealtime } from "~/modules/realtime/realtime-provider";
import { ROLES } from "~/modules/workspaces/schema";
import { POLL_LIMITS } from "../validation";
import { PollStatus } from "./poll-page";

export interface PollSummary {
  id: string;
  title: string;
  type: string;
  status: string;
  closesAt: string;
  closedAt: string | null;
  creatorName: string | null;
  voters: number;
  ballots: number;
  eligible: boolean;
  voted: boolean;
  outcome: string | null;
}

export interface Voter {
  userId: string;
  name: string;
  role: string;
  shareBp: number | null;
}

/** Refreshes a list when polls open, close or get votes. */
function useLivePolls() {
  const listen = useOptionalRealtime()?.listen;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!listen) return;
    return listen((message) => {
      if (["poll_created", "poll_completed", "vote_cast", "vote_required"].includes(message.type) && revalidator.state === "idle") revalidator.revalidate();
    });
  }, [listen, revalidator]);
}

export function PollList({ polls, to }: { polls: PollSummary[]; to: (id: string) => string }) {
  const { t } = useTranslation("polls");
  if (polls.length === 0) return <p className="m-0 text-sm text-muted-foreground">{t("ui.noPolls")}</p>;
  return (
    <ul className="m-0 grid list-none gap-3 p-0" data-testid="poll-list">
      {polls.map((poll) => (
        <li key={poll.id} className="grid gap-1 rounded-lg border border-solid border-border bg-card p-3" data-testid="poll-row">
          <Link to={to(poll.id)} className="text-base font-medium">
            {poll.title}
          </Link>
          <PollStatus status={poll.status} closesAt={poll.closesAt} closedAt={poll.closedAt} />
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <span>{t(`types.${poll.type}`)}</span>
            <span>{t("ui.turnout", { voted: poll.ballots, eligible: poll.voters })}</span>
            {poll.eligible && poll.status === "open" ? (
              <span className={poll.voted ? "" : "font-semibold text-foreground"}>{poll.voted ? t("ui.youHaveVoted") : t("ui.awaitingYourVote")}</span>
            ) : null}
          </div>
          <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width: `${poll.voters ? (poll.ballots / poll.voters) * 100 : 0}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A week from now in the browser's own time, for <input type="datetime-local">. */
function inAWeek() {
  const date = new Date(Date.now() + 7 * 86_400_000);
  date.setMinutes(0, 0, 0);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The browser's offset as "+01:00", sent with the closing time so the server knows which moment was meant. */
function offset() {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes >= 0 ? "+" : "-";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

type CreateActionData = { intent?: string; error?: string; fieldErrors?: Record<string, string[]> } | undefined;

/** The form that puts a decision to the family (owners and trustees). Works without JavaScript. */
export function CreatePollForm({ voters }: { voters: Voter[] }) {
  const { t } = useTranslation("polls");
  const { t: tAuth } = useTranslation("auth");
  const actionData = useActionData<CreateActionData>();
  const navigation = useNavigation();
  const id = useId();
  const [type, setType] = useState("yes_no");
  const [eligibility, setEligibility] = useState("all");
  const [options, setOptions] = useState(["", ""]);
  const [closesAt, setClosesAt] = useState("");
  const [tz, setTz] = useState("");
  useEffect(() => {
    setClosesAt(inAWeek());
    setTz(offset());
  }, []);
  const fieldError = (name: string) => actionData?.fieldErrors?.[name]?.[0];
  const sharesTotal = voters.reduce((sum, v) => sum + (v.shareBp ?? 0), 0);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  return (
    <Form
      method="post"
      className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4"
      aria-labelledby={`${id}-heading`}
      data-testid="create-poll-form"
    >
      <h2 id={`${id}-heading`} className="m-0 text-lg">
        {t("ui.newPoll")}
      </h2>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="closesAtOffset" value={tz} />
      {actionData?.intent === "create" && actionData.error ? <Banner kind="error">{actionData.error}</Banner> : null}

      <label className="grid gap-1 text-sm">
        {t("ui.titleLabel")}
        <Input name="title" required minLength={POLL_LIMITS.titleMin} maxLength={POLL_LIMITS.titleMax} aria-invalid={!!fieldError("title")} />
        {fieldError("title") ? <span className="text-destructive">{fieldError("title")}</span> : null}
      </label>
      <label className="grid gap-1 text-sm">
        {t("ui.descriptionLabel")}
        <textarea
          name="description"
          rows={3}
          maxLength={POLL_LIMITS.descriptionMax}
          className="rounded-md border border-solid border-input bg-card p-2 text-sm text-foreground"
        />
      </label>
      <label className="grid gap-1 text-sm">
        {t("ui.typeLabel")}
        <NativeSelect name="type" value={type} onChange={(e) => setType(e.target.value)}>
          {(["yes_no", "single", "multiple", "ranked"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`types.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </label>

      {type === "yes_no" ? (
        <p className="m-0 text-sm text-muted-foreground">{t("ui.yesNoOptions")}</p>
      ) : (
        <fieldset className="m-0 grid gap-2 border-0 p-0">
          <legend className="mb-1 text-sm">{t("ui.optionsLabel")}</legend>
          {options.map((value, index) => (
            <div key={index} className="flex gap-2">
              <Input
                name="options"
                value={value}
                maxLength={POLL_LIMITS.optionMax}
                aria-label={t("ui.optionN", { n: index + 1 })}
                onChange={(e) => setOptions((list) => list.map((o, i) => (i === index ? e.target.value : o)))}
              />
              {options.length > 2 ? (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
                  aria-label={t("ui.removeOption", { n: index + 1 })}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              ) : null}
            </div>
          ))}
          {options.length < POLL_LIMITS.optionsMax ? (
            <div>
              <Button type="button" variant="outline" size="sm" onClick={() => setOptions((list) => [...list, ""])}>
                {t("ui.addOption")}
              </Button>
            </div>
          ) : null}
          {fieldError("options") ? <span className="text-sm text-destructive">{fieldError("options")}</span> : null}
        </fieldset>
      )}

      <label className="grid gap-1 text-sm">
        {t("ui.closesAtLabel")}
        <Input
          type="datetime-local"
          name="closesAt"
          required
          value={closesAt}
          onChange={(e) => setClosesAt(e.target.value)}
          aria-invalid={!!fieldError("closesAt")}
        />
        {fieldError("closesAt") ? <span className="text-destructive">{fieldError("closesAt")}</span> : null}
      </label>

      <fieldset className="m-0 grid gap-2 border-0 p-0">
        <legend className="mb-1 text-sm">{t("ui.whoVotes")}</legend>
        {(["all", "roles", "people"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="eligibility" value={value} checked={eligibility === value} onChange={() => setEligibility(value)} />
            {t(`ui.eligibility.${value}`)}
          </label>
        ))}
        {eligibility === "roles" ? (
          <div className="flex flex-wrap gap-3 ps-6">
            {ROLES.filter((r) => r !== "viewer").map((role) => (
              <label key={role} className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="eligibleRoles" value={role} />
                {tAuth(`roles.${role}`)}
              </label>
            ))}
          </div>
        ) : null}
        {eligibility === "people" ? (
          <div className="flex flex-wrap gap-3 ps-6">
            {voters.map((voter) => (
              <label key={voter.userId} className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="eligibleUserIds" value={voter.userId} />
                {voter.name}
              </label>
            ))}
          </div>
        ) : null}
        {fieldError("eligibleRoles") || fieldError("eligibleUserIds") || fieldError("eligibility") ? (
          <span className="text-sm text-destructive">{fieldError("eligibleRoles") ?? fieldError("eligibleUserIds") ?? fieldError("eligibility")}</span>
        ) : null}
      </fieldset>

      <label className="grid max-w-48 gap-1 text-sm">
        {t("ui.quorumLabel")}
        <Input type="number" name="quorumPercent" min={0} max={100} step={1} defaultValue={0} />
      </label>
      <div className="grid gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="hideResults" value="true" />
          {t("ui.hideResultsLabel")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="anonymous" value="true" />
          {t("ui.anonymousLabel")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="weighted" value="true" />
          {t("ui.weightedLabel")}
        </label>
        <p className="m-0 ps-6 text-xs text-muted-foreground">
          {sharesTotal > 0
            ? t("ui.sharesSet", {
                list: voters
                  .filter((v) => v.shareBp)
                  .map((v) => `${v.name} ${(v.shareBp ?? 0) / 100}%`)
                  .join(", "),
              })
            : t("ui.noSharesYet")}
        </p>
        {fieldError("weighted") ? <span className="text-destructive">{fieldError("weighted")}</span> : null}
      </div>
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("ui.opening") : t("ui.openPoll")}
        </Button>
      </div>
    </Form>
  );
}

/** /polling: open and closed polls this person may see, and (for owners and trustees) the form to open one. */
export function PollingPage({ polls, voters, canCreate }: { polls: PollSummary[]; voters: Voter[]; canCreate: boolean }) {
  const { t } = useTranslation("polls");
  useLivePolls();
  const open = polls.filter((p) => p.status === "open");
  const closed = polls.filter((p) => p.status === "closed");
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("ui.pollingTitle")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("ui.pollingIntro")}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="open-polls" className="grid gap-3">
            <h2 id="open-polls" className="m-0 text-lg">
              {t("ui.openPolls")}
            </h2>
            <PollList polls={open} to={(id) => `/polling/${id}`} />
          </section>
          <section aria-labelledby="closed-polls" className="grid gap-3">
            <h2 id="closed-polls" className="m-0 text-lg">
              {t("ui.closedPolls")}
            </h2>
            <PollList polls={closed} to={(id) => `/polling/${id}`} />
          </section>
        </div>
        {canCreate ? <CreatePollForm voters={voters} /> : <p className="m-0 text-sm text-muted-foreground">{t("ui.onlyTrusteesCreate")}</p>}
      </div>
    </div>
  );
}

/** /vote-tracking: every poll's turnout at a glance, each opening its record. */
export function VoteTrackingPage({ polls }: { polls: PollSummary[] }) {
  const { t } = useTranslation("polls");
  useLivePolls();
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("ui.trackingTitle")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("ui.trackingIntro")}</p>
      </header>
      <PollList polls={polls} to={(id) => `/vote-tracking/${id}`} />
    </div>
  );
}
