/** A plugin's own version as shown everywhere ("v1.2.0"): the same in every language. */
export const versionTag = (version: string) => `v${version}`;
