import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import type { RequestContext } from "~/platform/request-context.server";
import { login } from "./service.server";
import type { LoginInput } from "./validation";

/** A sign-in that succeeded: the user, their first workspace, the new session and its cookie token. */
export type SignedIn = Awaited<ReturnType<typeof login>>;

/** Reads the credentials from a request in the route's own format (JSON or form) and messages; throws to refuse. */
export type ReadCredentials = (request: Request) => Promise<LoginInput>;

/**
 * E-mail and password. How the credentials arrive is the route's business (`read`); what they prove is
 * `login()`: the rate limits, the audit rows, the password check and the new session, as before.
 */
export class PasswordStrategy extends Strategy<SignedIn, LoginInput> {
  name = "password";
  readonly #read: ReadCredentials;

  constructor(read: ReadCredentials, verify: Strategy.VerifyFunction<SignedIn, LoginInput>) {
    super(verify);
    this.#read = read;
  }

  async authenticate(request: Request): Promise<SignedIn> {
    return this.verify(await this.#read(request));
  }
}

/**
 * The strategies a sign-in may use, for one request (they need its database, translations and audit).
 * Sessions stay ours (`session.server.ts`): a strategy only says who signed in. A second factor is a
 * further strategy registered here under its own name.
 */
export function authenticator(ctx: RequestContext, readCredentials: ReadCredentials): Authenticator<SignedIn> {
  return new Authenticator<SignedIn>().use(new PasswordStrategy(readCredentials, (input) => login(ctx, input)));
}
