declare const __RELEASE__: string;

/** The build's id (vite.config.ts): the git commit, or the build's time when there is no git. Browser and Worker share it. */
export const RELEASE = typeof __RELEASE__ === "string" ? __RELEASE__ : "dev";
