// The part of semver (which ships no types) that the engines test uses.
declare module 'semver' {
  const semver: {
    /** True when the version is in the range (npm's range syntax). */
    satisfies(version: string, range: string): boolean;
  };
  export default semver;
}
