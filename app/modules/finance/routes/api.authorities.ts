import { authorities } from "./api.distributions";

export const loader = authorities;
export const action = authorities;
