import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

/** Radix's toast code (about 13 KB gzipped) loads with the first toast, not with every page (issue 25, ADR 0041). */
const Toaster = lazy(() => import("./toast").then((module) => ({ default: module.Toaster })));

/** The toasts' region, mounted when the first toast is asked for and kept from then on (its F8 hotkey included). */
export function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
