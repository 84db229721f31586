import { useTranslation } from "react-i18next";
import { DOCUMENT_TYPES } from "../schema";

const ICONS: Record<string, string> = {
  trust: "🏛️",
  will: "📜",
  power_of_attorney: "✍️",
  healthcare_directive: "🩺",
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
  return (
    <span aria-hidden="true" className={className}>
      {ICONS[type] ?? "📄"}
    </span>
  );
}
