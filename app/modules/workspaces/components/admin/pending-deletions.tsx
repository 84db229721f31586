import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

export interface PendingDeletion {
  id: string;
  name: string;
  deletionRequestedAt: string;
  purgeAfter: string;
}

/** Workspaces this owner deleted that can still be brought back, with the day they will be gone for good. */
export function PendingDeletions({ deletions }: { deletions: PendingDeletion[] }) {
  const { t, i18n } = useTranslation("workspaces");
  const navigation = useNavigation();
  if (deletions.length === 0) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));
  return (
    <section aria-labelledby="deletions-heading" className="rounded-lg border border-solid border-destructive bg-card p-4 md:col-span-2">
      <h2 id="deletions-heading" className="mt-0 text-lg">
        {t("deletion.pendingTitle")}
      </h2>
      <ul className="m-0 list-none p-0">
        {deletions.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="pending-deletion">
            <span>{t("deletion.pendingItem", { name: w.name, date: date(w.purgeAfter) })}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="workspaceId" value={w.id} />
              <Button
                type="submit"
                size="sm"
                disabled={navigation.formData?.get("workspaceId") === w.id}
                aria-label={t("deletion.restoreFor", { name: w.name })}
              >
                {t("deletion.restore")}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
