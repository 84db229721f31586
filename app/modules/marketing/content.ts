import {
  ArrowLeftRight,
  Bot,
  Building2,
  ClipboardList,
  Globe,
  History,
  MessagesSquare,
  Scale,
  ScanLine,
  ShieldCheck,
  Smartphone,
  Users,
  Video,
  Vote,
  Wallet,
} from "lucide-react";

/** The landing page's structure; every text lives in the "landing" translation namespace. */
export const LANDING_SECTIONS = { features: "features", useCases: "use-cases", contact: "contact" } as const;

export const HERO_STATS = ["trial", "languages", "roles", "access"] as const;

export const FEATURES = [
  { id: "analysis", icon: Bot },
  { id: "administration", icon: Building2 },
  { id: "chat", icon: MessagesSquare },
  { id: "compliance", icon: ShieldCheck },
  { id: "finance", icon: Wallet },
  { id: "scanner", icon: ScanLine },
  { id: "video", icon: Video },
  { id: "versions", icon: History },
  { id: "languages", icon: Globe },
] as const;

export const REQUESTED_FEATURES = [
  { id: "sms", icon: Smartphone },
  { id: "polling", icon: Vote },
  { id: "transactions", icon: ArrowLeftRight },
] as const;

export const PROBLEMS = ["paperwork", "deadlines", "communication", "accounting"] as const;

/** Spec section 2: the five use-case tabs, family-trust first and selected by default. */
export const USE_CASES = ["family-trust", "new-parents", "blended-family", "multi-gen", "trustee"] as const;
export const DEFAULT_USE_CASE = "family-trust";

export const TESTIMONIALS = ["eleanor", "marcus", "priya"] as const;

export const SECURITY_POINTS = ["passwords", "sessions", "encryption", "isolation", "audit", "noTrackers"] as const;

/** Free guides; `sections` lists, per section, the numbers of its checklist items in the "guides" namespace. */
export const GUIDES = [
  {
    slug: "trustee-first-90-days",
    icon: ClipboardList,
    sections: [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11, 12],
    ],
  },
  {
    slug: "beneficiary-rights-basics",
    icon: Scale,
    sections: [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ],
  },
  {
    slug: "family-meeting-checklist",
    icon: Users,
    sections: [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ],
  },
] as const;
export type GuideSlug = (typeof GUIDES)[number]["slug"];

export function isGuideSlug(value: string): value is GuideSlug {
  return GUIDES.some((g) => g.slug === value);
}
