// The worker tests' HTTP client opens a connection per request. wrangler's local proxy sometimes closes a
// kept-alive connection (after a refused upload whose body it did not read, or after a pause) just as
// Node's fetch sends the next request on it, which then fails with "other side closed" though the server
// never saw it. Loopback connections are cheap; flaky tests are not.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ pipelining: 0 }));
