/** A request the fake BrickLink turns down, with BrickLink's code, result name and description. */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly result: string,
    readonly description: string,
  ) {
    super(description);
  }
}
