import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import type { RequestContext } from "~/platform/request-context.server";
import { login, type startSession } from "./service.server";
import type { SecondFactorMethod } from "./second-factor/factors.server";
import { completeSecondFactor, type SecondFactorInput } from "./second-factor/verify.server";
import type { LoginInput } from "./validation";

/** A sign-in that succeeded: the user, their first workspace, the new session and its cookie token. */
export type SignedIn = Awaited<ReturnType<typeof startSession>>;
/** The password was right and a second factor is owed: the pending step's cookie token and the methods on offer. */
export interface SecondFactorOwed {
  secondFactor: { token: string; methods: SecondFactorMethod[] };
}
export type SignInOutcome = SignedIn | SecondFactorOwed;

export function owesSecondFactor(outcome: SignInOutcome): outcome is SecondFactorOwed {
  return "secondFactor" in outcome;
}

/** Reads the credentials from a request in the route's own format (JSON or form) and messages; throws to refuse. */
export type ReadCredentials = (request: Request) => Promise<LoginInput>;
/** Reads the second step's code or passkey assertion the same way. */
export type ReadSecondFactor = (request: Request) => Promise<SecondFactorInput>;

/**
 * E-mail and password. How the credentials arrive is the route's business (`read`); what they prove is
 * `login()`: the rate limits, the audit rows, the password check and then either the new session or, for a
 * person with a second factor, the pending step.
 */
export class PasswordStrategy extends Strategy<SignInOutcome, LoginInput> {
  name = "password";
  readonly #read: ReadCredentials;

  constructor(read: ReadCredentials, verify: Strategy.VerifyFunction<SignInOutcome, LoginInput>) {
    super(verify);
    this.#read = read;
  }

  async authenticate(request: Request): Promise<SignInOutcome> {
    return this.verify(await this.#read(request));
  }
}

/** The second step: a code or a passkey, checked against the pending sign-in that the request's cookie names. */
export class SecondFactorStrategy extends Strategy<SignInOutcome, { request: Request; input: SecondFactorInput }> {
  name = "second-factor";
  readonly #read: ReadSecondFactor;

  constructor(read: ReadSecondFactor, verify: Strategy.VerifyFunction<SignInOutcome, { request: Request; input: SecondFactorInput }>) {
    super(verify);
    this.#read = read;
  }

  async authenticate(request: Request): Promise<SignInOutcome> {
    return this.verify({ request, input: await this.#read(request) });
  }
}

const unused = () => Promise.reject(new Error("this route does not read that step"));

/**
 * The strategies a sign-in may use, for one request (they need its database, translations and audit).
 * Sessions stay ours (`session.server.ts`): a strategy only says who signed in, or that a factor is owed.
 */
export function authenticator(ctx: RequestContext, read: { credentials?: ReadCredentials; secondFactor?: ReadSecondFactor }): Authenticator<SignInOutcome> {
  return new Authenticator<SignInOutcome>()
    .use(new PasswordStrategy(read.credentials ?? unused, (input) => login(ctx, input)))
    .use(new SecondFactorStrategy(read.secondFactor ?? unused, ({ request, input }) => completeSecondFactor(ctx, request, input)));
}
