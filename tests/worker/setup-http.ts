// Every worker test's fetch opens a connection per request (see tests/helpers/fresh-connections.mjs for why).
import { freshConnectionPerRequest } from "../helpers/fresh-connections.mjs";

await freshConnectionPerRequest();
