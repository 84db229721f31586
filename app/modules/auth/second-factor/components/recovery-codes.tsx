import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Recovery codes, shown this once: the server keeps only their hashes. The heading takes the focus so a screen
 * reader reads that they are there; a download keeps them as a text file.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function download() {
    const text = `${t("recovery.fileTitle")}\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid gap-3 rounded-md border-2 border-solid border-warning p-4" data-testid="recovery-codes">
      <h3 ref={heading} tabIndex={-1} className="m-0 text-base outline-none">
        {t("recovery.shownOnce")}
      </h3>
      <p className="m-0 text-sm">{t("recovery.explain")}</p>
      <ol className="m-0 grid list-none grid-cols-2 gap-2 p-0 font-mono text-sm" aria-label={t("recovery.listLabel")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={download}>
          {t("recovery.download")}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {t("recovery.saved")}
        </Button>
      </div>
    </div>
  );
}
