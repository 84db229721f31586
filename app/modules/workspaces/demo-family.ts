/** The demo workspace that `npm run seed` builds: the Hartwell family, their lawyer, and the ids tests rely on. */
export const DEMO_WORKSPACE_ID = "8f0c2a64-6c1e-4d4e-9a51-3f1b2c7d9e01";
export const DEMO_WORKSPACE_NAME = "The Hartwell Family Trust";

export const DEMO_MEMBERS = [
  {
    id: "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001",
    name: "Eleanor Hartwell",
    username: "eleanor",
    email: "eleanor@hartwell.example",
    role: "owner",
    phone: "+1 415 555 0101",
  },
  {
    id: "a1f4c2e0-0002-4c6e-8d2a-5b7e9f100002",
    name: "James Hartwell",
    username: "james",
    email: "james@hartwell.example",
    role: "co_trustee",
    phone: "+1 415 555 0102",
  },
  {
    id: "a1f4c2e0-0003-4c6e-8d2a-5b7e9f100003",
    name: "Sophie Hartwell",
    username: "sophie",
    email: "sophie@hartwell.example",
    role: "beneficiary",
    phone: null,
  },
  {
    id: "a1f4c2e0-0004-4c6e-8d2a-5b7e9f100004",
    name: "Margaret Chen",
    username: "mchen_law",
    email: "margaret.chen@chenlaw.example",
    role: "legal_professional",
    phone: "+1 415 555 0199",
  },
  {
    id: "a1f4c2e0-0005-4c6e-8d2a-5b7e9f100005",
    name: "Daniel Hartwell",
    username: "daniel",
    email: "daniel@hartwell.example",
    role: "family_member",
    phone: null,
  },
] as const;

/** Who is who in the seed steps: `DEMO.owner` rather than `members[0]`. */
export const DEMO = {
  owner: DEMO_MEMBERS[0],
  coTrustee: DEMO_MEMBERS[1],
  beneficiary: DEMO_MEMBERS[2],
  lawyer: DEMO_MEMBERS[3],
  familyMember: DEMO_MEMBERS[4],
} as const;
