import { Bell, FileText, Hand, LayoutDashboard, MessagesSquare, PartyPopper, ShieldCheck, Smartphone, Video, Wallet, type LucideIcon } from "lucide-react";

/** Spec sections 2, 3, 4 and 9: the ten tour steps, in order, and the mascot's moods. */
export const TOUR_MOODS = { happy: "😊", excited: "🤩", helpful: "🤓", proud: "🥳", encouraging: "💪" } as const;
export type TourMood = keyof typeof TOUR_MOODS;

/** The page areas a step may point at; pages mark them with data-tour="…". */
export type TourTarget = "dashboard-overview" | "documents-section" | "compliance-indicator" | "collaboration-tools" | "notification-center";

export interface TourStep {
  id: string;
  icon: LucideIcon;
  target?: TourTarget;
  position: "top" | "bottom" | "left" | "right";
  characterMood: TourMood | string;
}

export const TOUR_STEPS: readonly TourStep[] = [
  { id: "welcome", icon: Hand, position: "bottom", characterMood: "excited" },
  { id: "dashboard", icon: LayoutDashboard, target: "dashboard-overview", position: "bottom", characterMood: "happy" },
  { id: "documents", icon: FileText, target: "documents-section", position: "bottom", characterMood: "helpful" },
  { id: "compliance", icon: ShieldCheck, target: "compliance-indicator", position: "bottom", characterMood: "helpful" },
  { id: "collaboration", icon: MessagesSquare, target: "collaboration-tools", position: "top", characterMood: "happy" },
  { id: "notifications", icon: Bell, target: "notification-center", position: "bottom", characterMood: "helpful" },
  { id: "mobile", icon: Smartphone, position: "bottom", characterMood: "excited" },
  { id: "video-meetings", icon: Video, position: "bottom", characterMood: "encouraging" },
  { id: "financial", icon: Wallet, position: "bottom", characterMood: "helpful" },
  { id: "complete", icon: PartyPopper, position: "bottom", characterMood: "proud" },
];

export const TOUR_LENGTH = TOUR_STEPS.length;
export const TOUR_AUTO_OPEN_DELAY_MS = 1000;
export const TOUR_STORAGE = { completed: "onboarding-completed", skipped: "onboarding-skipped" } as const;

/** An unknown mood falls back to happy. */
export function moodEmoji(mood: string): string {
  return (TOUR_MOODS as Record<string, string>)[mood] ?? TOUR_MOODS.happy;
}

/** Progress of step index i (0-based) as the spec defines it: step number over 10, as a percentage. */
export function tourProgress(index: number): number {
  return ((index + 1) / TOUR_LENGTH) * 100;
}
