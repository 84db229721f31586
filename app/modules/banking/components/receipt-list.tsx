import { useRevalidator } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { ProgressBar } from "~/components/ui/progress";
import { apiUpload, refusalSentence } from "~/platform/api-fetch";
import type { TransactionView } from "../transactions.server";

/** A transaction's receipts, each opened in the browser; those who account for it can attach more. */
export function ReceiptList({ tx, canAttach }: { tx: TransactionView; canAttach: boolean }) {
  const { t } = useTranslation("banking");
  const revalidator = useRevalidator();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function attach(file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    setMessage(null);
    setProgress(0);
    try {
      await apiUpload(`/api/banking/transactions/${tx.id}/receipts`, form, { onProgress: setProgress });
      setMessage({ kind: "success", text: t("receipts.added") });
      revalidator.revalidate();
    } catch (error) {
      setMessage({ kind: "error", text: refusalSentence(error, t("transactions.saveFailed")) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="grid gap-2 text-sm">
      <p className="m-0 font-medium">{t("receipts.heading")}</p>
      {tx.receipts.length ? (
        <ul className="m-0 grid list-none gap-1 p-0">
          {tx.receipts.map((r) => (
            <li key={r.id}>
              <a href={`/api/banking/receipts/${r.id}`} target="_blank" rel="noreferrer">
                {r.fileName}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="m-0 text-muted-foreground">{t("receipts.none")}</p>
      )}
      {canAttach ? (
        <div className="grid gap-1">
          <label htmlFor={inputId}>{t("receipts.attach")}</label>
          <input
            id={inputId}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
            onChange={(e) => void attach(e.target.files?.[0])}
          />
          {progress !== null ? <ProgressBar value={progress} label={t("receipts.uploading")} /> : null}
        </div>
      ) : null}
      {message ? <Banner kind={message.kind}>{message.text}</Banner> : null}
    </div>
  );
}
