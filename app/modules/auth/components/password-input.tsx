import { forwardRef, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  visible: boolean;
  onToggle: () => void;
}

/** A password field with the show/hide toggle; the visibility state is owned by the screen and shared. */
export const PasswordInput = forwardRef<HTMLInputElement, Props>(({ visible, onToggle, ...props }, ref) => {
  const { t } = useTranslation("auth");
  return (
    <div className="relative">
      <Input ref={ref} className="pe-20" {...props} type={visible ? "text" : "password"} />
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={visible}
        aria-label={visible ? t("password.hide") : t("password.show")}
        className="absolute end-1 top-1 h-8 cursor-pointer rounded border-none bg-transparent px-2 text-xs font-medium text-link hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {visible ? t("password.hideShort") : t("password.showShort")}
      </button>
    </div>
  );
});
PasswordInput.displayName = "PasswordInput";
