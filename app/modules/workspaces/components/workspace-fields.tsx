import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { CREATOR_ROLES } from "../roles";

/** Trust name, the creator's role and the governing jurisdiction of a new workspace. */
export function WorkspaceFields({
  fields,
}: {
  fields: { trustName: FieldMetadata<string>; role: FieldMetadata<string>; jurisdiction: FieldMetadata<string> };
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <FormField id={fields.trustName.id} errorId={fields.trustName.errorId} label={t("fields.trustName")} errors={fields.trustName.errors}>
        <Input {...getInputProps(fields.trustName, { type: "text" })} key={fields.trustName.key} placeholder={t("fields.trustNamePlaceholder")} />
      </FormField>
      <FormField id={fields.role.id} errorId={fields.role.errorId} label={t("fields.role")} errors={fields.role.errors}>
        <NativeSelect {...getSelectProps(fields.role)} key={fields.role.key} defaultValue={fields.role.initialValue ?? "owner"} className="w-full">
          {CREATOR_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <p className="m-0 text-xs text-muted-foreground">{t("signup.roleHint")}</p>
      <FormField id={fields.jurisdiction.id} errorId={fields.jurisdiction.errorId} label={t("fields.jurisdiction")} errors={fields.jurisdiction.errors}>
        <Input {...getInputProps(fields.jurisdiction, { type: "text" })} key={fields.jurisdiction.key} placeholder={t("fields.jurisdictionPlaceholder")} />
      </FormField>
    </>
  );
}
