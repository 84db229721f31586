import type { PublicUser } from "~/modules/auth/public-user";
import { cn } from "./ui/cn";

/** Spec section 2: initials from first and last name, else the e-mail's first letter, else "U". */
export function avatarInitials(user: Partial<Pick<PublicUser, "firstName" | "lastName" | "email">> | null | undefined): string {
  const fromName = `${user?.firstName?.[0] ?? ""}${user?.lastName?.[0] ?? ""}`.toUpperCase();
  return fromName || user?.email?.[0]?.toUpperCase() || "U";
}

/** The profile image when there is one, else the initials chain. Decorative: the name is always next to it. */
export function UserAvatar({
  user,
  size = 32,
  className,
}: {
  user: Pick<PublicUser, "firstName" | "lastName" | "email" | "profileImageUrl">;
  size?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar"
      className={cn("flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-primary-foreground", className)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    >
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="" width={size} height={size} className="h-full w-full object-cover" />
      ) : (
        avatarInitials(user)
      )}
    </span>
  );
}
