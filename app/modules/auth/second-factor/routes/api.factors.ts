import { peppers } from "~/platform/env.server";
import { requestT } from "~/i18n.server";
import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { factorOverview, secondFactorMethods, workspaceRequiringSecondFactor } from "../factors.server";
import { confirmTotpSetup, removeTotp, renewRecoveryCodes, startTotpSetup } from "../manage.server";
import { passkeyRegistrationOptions, registerPasskey, removePasskey } from "../passkeys.server";
import { passkeyRegisterSchema, passkeyRemoveSchema, strictReverify, totpConfirmSchema } from "../validation";

/**
 * The signed-in person's own second factors. GET /api/auth/factors: what is set up. POST /api/auth/factors/<command>:
 * `totp-setup` (a new secret, its QR code and text), `totp-confirm` `{ code, password }`, `totp-remove` `{ password, code? }`,
 * `recovery-codes` `{ password, code? }` (a new set, shown once), `passkey-options` `{ password, code? }`,
 * `passkey-register` `{ response, name }`, `passkey-remove` `{ passkeyId, password, code? }`.
 */
const read = jsonRoute(requestT, {
  GET: endpoint({
    run: async ({ ctx, session }) => {
      const [overview, methods, requiredBy] = await Promise.all([
        factorOverview(ctx.db, session.user.id, peppers(ctx.config)),
        secondFactorMethods(ctx.db, session.user.id),
        workspaceRequiringSecondFactor(ctx.db, session.user.id),
      ]);
      return { ...overview, methods, requiredBy };
    },
  }),
});

const factors = commandRoute(
  requestT,
  read,
  {
    "totp-setup": jsonRoute(requestT, { POST: endpoint({ run: ({ ctx, session }) => startTotpSetup(ctx, session) }) }),
    "totp-confirm": jsonRoute(requestT, {
      POST: endpoint({ body: totpConfirmSchema, run: ({ ctx, session, body }) => confirmTotpSetup(ctx, session, body) }),
    }),
    "totp-remove": jsonRoute(requestT, {
      POST: endpoint({ body: strictReverify, run: async ({ ctx, session, body }) => (await removeTotp(ctx, session, body), {}) }),
    }),
    "recovery-codes": jsonRoute(requestT, {
      POST: endpoint({ body: strictReverify, run: async ({ ctx, session, body }) => ({ recoveryCodes: await renewRecoveryCodes(ctx, session, body) }) }),
    }),
    "passkey-options": jsonRoute(requestT, {
      POST: endpoint({ body: strictReverify, run: async ({ ctx, session, body }) => ({ options: await passkeyRegistrationOptions(ctx, session, body) }) }),
    }),
    "passkey-register": jsonRoute(requestT, {
      POST: endpoint({ body: passkeyRegisterSchema, status: 201, run: ({ ctx, session, body }) => registerPasskey(ctx, session, body) }),
    }),
    "passkey-remove": jsonRoute(requestT, {
      POST: endpoint({
        body: passkeyRemoveSchema,
        run: async ({ ctx, session, body }) => (await removePasskey(ctx, session, body.passkeyId, body), {}),
      }),
    }),
  },
  "secondFactor.errors.unknownCommand",
);

export const loader = factors;
export const action = factors;
