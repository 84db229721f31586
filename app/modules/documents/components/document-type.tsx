import { useTranslation } from "react-i18next";

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

/** An icon by type; others get the default document icon. */
export function DocumentTypeIcon({ type, className }: { type: string; className?: string }) {
  return (
    <span aria-hidden="true" className={className}>
      {ICONS[type] ?? "📄"}
    </span>
  );
}
