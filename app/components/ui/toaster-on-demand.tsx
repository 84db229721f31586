import { lazy, Suspense } from "react";
import { useToast } from "./use-toast";

/** Radix's toast code (about 13 KB gzipped) loads with the first toast, not with every page (issue 25, ADR 0041). */
const Toaster = lazy(() => import("./toast").then((module) => ({ default: module.Toaster })));

/** The toasts' region (its F8 hotkey included), mounted while there is a toast to show. */
export function ToasterOnDemand() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
