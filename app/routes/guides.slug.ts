import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isGuideSlug } from "~/modules/marketing/content";
import { renderGuidePdf } from "~/modules/marketing/guide-pdf.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** GET /guides/{slug}.pdf: the landing page's free guides, public and cacheable. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = (params.slug ?? "").replace(/\.pdf$/, "");
  if (!params.slug?.endsWith(".pdf") || !isGuideSlug(slug)) {
    return new Response("Guide not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { bytes, language } = await renderGuidePdf(slug, resolveDisplayPreferences(request).language);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${slug}.pdf"`,
      "Content-Language": language,
      "Cache-Control": "public, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
