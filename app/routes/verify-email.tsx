import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { verifyEmail } from "~/modules/auth/service.server";
import { getRequestContext } from "~/platform/request-context.server";

export const meta: MetaFunction = () => [{ title: "Verify email · Legal Document Platform" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const ctx = getRequestContext(request, context);
  const verified = /^[A-Za-z0-9_-]{43}$/.test(token) && (await verifyEmail(ctx, token));
  return { verified };
}

export default function VerifyEmailRoute() {
  const { verified } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-xl border border-solid border-border bg-card p-6 shadow-sm">
        <h1 className="m-0 text-xl">{t("verifyPage.title")}</h1>
        <Banner kind={verified ? "success" : "error"}>{verified ? t("verifyPage.success") : t("verifyPage.invalid")}</Banner>
        <Button asChild>
          <Link to="/chat">{t("verifyPage.continue")}</Link>
        </Button>
      </div>
    </main>
  );
}
