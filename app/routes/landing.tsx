import { LandingPage } from "~/modules/marketing/landing";

export default function Landing() {
  return <LandingPage />;
}
