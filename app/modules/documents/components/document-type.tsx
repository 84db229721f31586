import { FileText, Landmark, ScrollText, Signature, Stethoscope, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { DOCUMENT_TYPES } from "../schema";

const ICONS: Record<string, LucideIcon> = {
  trust: Landmark,
  will: ScrollText,
  power_of_attorney: Signature,
  healthcare_directive: Stethoscope,
};

/** Spec section 2: the type with underscores as spaces and each word capitalised ("Power Of Attorney"). */
export function humanizeType(type: string): string {
  return type
    .split("_")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

export function useDocumentTypeLabel() {
  const { t } = useTranslation("documents");
  return (type: string) => t(`type.${type}`, { defaultValue: humanizeType(type) });
}

/** The options of a type select, optionally led by an empty choice ("All types", "Detect automatically"). */
export function DocumentTypeOptions({ emptyLabel }: { emptyLabel?: string }) {
  const typeLabel = useDocumentTypeLabel();
  return (
    <>
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {DOCUMENT_TYPES.map((type) => (
        <option key={type} value={type}>
          {typeLabel(type)}
        </option>
      ))}
    </>
  );
}

/** An icon by type; others get the default document icon. */
export function DocumentTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type] ?? FileText;
  // Sized by the font size its class gives (text-2xl, text-4xl…), as the emoji it replaces was.
  return <Icon aria-hidden="true" className={cn("h-[1em] w-[1em] shrink-0", className)} />;
}
