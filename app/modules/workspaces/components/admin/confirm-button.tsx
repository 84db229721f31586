import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

/**
 * A button for something that cannot be taken back lightly (remove a member, leave): it asks first, in a dialog that
 * says what will happen, and the confirming button posts the intent. Escape or "Cancel" changes nothing.
 */
export function ConfirmButton({
  intent,
  values = {},
  label,
  title,
  description,
  confirmLabel,
  variant = "outline",
  size = "sm",
  accessibleLabel,
}: {
  intent: string;
  values?: Record<string, string>;
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  accessibleLabel?: string;
}) {
  const { t } = useTranslation("workspaces");
  const [open, setOpen] = useState(false);
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant={variant} size={size} aria-label={accessibleLabel}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <Form method="post" className="flex flex-wrap justify-end gap-2" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {t("confirm.cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            {confirmLabel}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
