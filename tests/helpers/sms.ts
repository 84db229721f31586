/** The Twilio auth token the test Worker verifies SMS webhook signatures with (see tests/worker/global-setup.ts). */
export const TEST_TWILIO_AUTH_TOKEN = "test-twilio-auth-token-0123456789";
