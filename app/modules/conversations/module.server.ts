import { defineServerModule } from "~/platform/module-manifest.server";
import { removeDepartedMember } from "./member-left.server";

export const conversationsServer = defineServerModule({
  id: "conversations",
  on: { "member.left": removeDepartedMember },
});
