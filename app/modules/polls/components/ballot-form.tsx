import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import type { PollType } from "../schema";
import { pollCommandSchema, type PollCommand } from "../validation";
import type { PollActionData } from "./command-form";

interface Option {
  id: string;
  text: string;
}

/**
 * The ballot: one choice (proposal, single), several (multiple), or an order of preference (ranked,
 * reordered with buttons so it works with a keyboard and a screen reader). Posts to the page's action; Conform checks
 * the choices with the API's rules (on blur, then on the server) and shows a missing choice under the options.
 */
export function BallotForm({ type, options, current }: { type: PollType; options: Option[]; current: string[] | null }) {
  const { t } = useTranslation("polls");
  const navigation = useNavigation();
  const legendId = useId();
  const actionData = useActionData<PollActionData>();
  const [form, fields] = useForm<{ intent: string; choices: string[] }, PollCommand>({
    id: "ballot",
    lastResult: actionData?.intent === "vote" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pollCommandSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const choicesError = fields.choices.errors?.[0];
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "vote";
  const [order, setOrder] = useState<string[]>(() =>
    type === "ranked" && current?.length ? [...current, ...options.map((o) => o.id).filter((id) => !current.includes(id))] : options.map((o) => o.id),
  );
  const [ranked, setRanked] = useState<number>(() => (type === "ranked" && current?.length ? current.length : options.length));
  const text = (id: string) => options.find((o) => o.id === id)?.text ?? "";
  const move = (index: number, by: number) =>
    setOrder((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid="ballot-form">
      <input type="hidden" name="intent" value="vote" />
      <fieldset className="m-0 grid gap-2 border-0 p-0" aria-describedby={choicesError ? `${legendId}-hint ${fields.choices.errorId}` : `${legendId}-hint`}>
        <legend id={legendId} className="mb-1 font-semibold">
          {t(`ui.ballotLegend.${type}`)}
        </legend>
        <p id={`${legendId}-hint`} className="m-0 text-sm text-muted-foreground">
          {t(`ui.ballotHint.${type}`)}
        </p>
        {type === "ranked" ? (
          <ol className="m-0 grid gap-2 ps-0" data-testid="ranking">
            {order.map((id, index) => (
              <li key={id} className={`flex items-center gap-2 rounded-md border border-solid border-border p-2 ${index >= ranked ? "opacity-60" : ""}`}>
                <span className="w-8 text-center font-semibold tabular-nums">{index < ranked ? index + 1 : "—"}</span>
                <span className="flex-1">{text(id)}</span>
                {index < ranked ? <input type="hidden" name={fields.choices.name} value={id} /> : null}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => move(index, -1)}
                  disabled={index === 0}
                  aria-label={t("ui.moveUp", { option: text(id) })}
                >
                  ↑
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => move(index, 1)}
                  disabled={index === order.length - 1}
                  aria-label={t("ui.moveDown", { option: text(id) })}
                >
                  ↓
                </Button>
              </li>
            ))}
          </ol>
        ) : (
          options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 rounded-md border border-solid border-border p-2">
              <input
                type={type === "multiple" ? "checkbox" : "radio"}
                name={fields.choices.name}
                value={option.id}
                aria-invalid={choicesError ? true : undefined}
                defaultChecked={current?.includes(option.id) ?? false}
                required={type !== "multiple"}
              />
              {option.text}
            </label>
          ))
        )}
        {type === "ranked" ? (
          <label className="flex items-center gap-2 text-sm">
            {t("ui.rankHowMany")}
            <input
              type="number"
              min={1}
              max={options.length}
              value={ranked}
              onChange={(e) => setRanked(Math.max(1, Math.min(options.length, Number(e.target.value) || 1)))}
              className="w-16 rounded-md border border-solid border-input bg-card px-2 py-1"
            />
          </label>
        ) : null}
        <FieldError id={fields.choices.errorId} error={choicesError} />
      </fieldset>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? t("ui.sending") : current ? t("ui.changeVote") : t("ui.castVote")}
        </Button>
      </div>
    </Form>
  );
}
