/**
 * The fake BrickOwl's catalog: its colour list and the items its id lookup knows. BrickOwl numbers
 * colours its own way (its Black is 38 where BrickLink's is 11); the fake's numbers differ from
 * BrickLink's for every colour too, so a client that sends a BrickLink colour id where BrickOwl's is
 * due is caught. Each colour names the BrickLink colour ids it stands for, as BrickOwl's list does.
 */
export interface FakeColour {
  id: number;
  name: string;
  hex: string;
  blIds: number[];
}

/** [BrickOwl id, name, hex, BrickLink ids] */
const COLOURS: [number, string, string, number[]][] = [
  [39, 'White', 'FFFFFF', [1]],
  [38, 'Black', '05131D', [11]],
  [81, 'Red', 'C91A09', [5]],
  [21, 'Blue', '0055BF', [7]],
  [93, 'Yellow', 'F2CD37', [3]],
  [49, 'Green', '237841', [6]],
  [87, 'Tan', 'E4CD9E', [2]],
  [71, 'Orange', 'FE8A18', [4]],
  [59, 'Light Bluish Gray', 'A0A5A9', [86]],
  [32, 'Dark Bluish Gray', '6C6E68', [85]],
  [82, 'Reddish Brown', '582A12', [88]],
  [36, 'Dark Tan', '958A73', [69]],
  [34, 'Dark Red', '720E0F', [59]],
  [24, 'Dark Blue', '0A3463', [63]],
  [28, 'Dark Green', '184632', [80]],
  [18, 'Bright Green', '4B9F4A', [36]],
  [61, 'Lime', 'BBE90B', [34]],
  [64, 'Medium Blue', '5A93DB', [42]],
  [22, 'Dark Azure', '078BC9', [153]],
  [63, 'Medium Azure', '36AEBF', [156]],
  [84, 'Sand Green', 'A0BCAC', [48]],
  [83, 'Sand Blue', '6074A1', [55]],
  [30, 'Dark Orange', 'A95500', [68]],
  [58, 'Light Gray', '9BA19D', [9]],
  [27, 'Dark Gray', '6D6E5C', [10]],
  [26, 'Brown', '583927', [8]],
  [62, 'Magenta', '923978', [71]],
  [31, 'Dark Pink', 'C870A0', [47]],
  [20, 'Bright Pink', 'E4ADC8', [104]],
  [65, 'Medium Lavender', 'AC78BA', [157]],
  [57, 'Lavender', 'E1D5ED', [154]],
  [17, 'Bright Light Orange', 'F8BB3D', [110]],
  [16, 'Bright Light Yellow', 'FFF03A', [103]],
  [69, 'Olive Green', '9B9A5A', [155]],
  [70, 'Nougat', 'D09168', [28]],
  [66, 'Medium Nougat', 'AA7D55', [150]],
  [76, 'Pearl Gold', 'AA7F2E', [115]],
  [89, 'Transparent', 'FCFCFC', [12]],
  [91, 'Transparent Red', 'C91A09', [17]],
  [90, 'Transparent Dark Blue', '0020A0', [14]],
  [92, 'Transparent Yellow', 'F5CD2F', [19]],
  [94, 'Very Light Bluish Gray', 'E6E3DA', [99]],
  [15, 'Bright Light Blue', '9FC3E9', [105]],
  [60, 'Light Nougat', 'F6D7B3', [90]],
  [29, 'Dark Brown', '352100', [120]],
  [43, 'Flat Silver', '898788', [95]],
  [73, 'Pearl Dark Gray', '575857', [77]],
  // A colour BrickLink does not have: BrickOwl lists it with no BrickLink ids.
  [99, 'Chrome Antique Brass', '645A4C', []],
];

export const FAKE_COLOURS: FakeColour[] = COLOURS.map(([id, name, hex, blIds]) => ({
  id,
  name,
  hex,
  blIds,
}));

/** The items the fake's id lookup knows by default: BrickLink part number → BOIDs. */
export const FAKE_PARTS: Record<string, string[]> = {
  '3001': ['771344'],
  '3002': ['362254'],
  '3003': ['446215'],
  '3794b': ['516314', '516316'],
};

/** catalog/color_list as BrickOwl answers it: an object keyed by BrickOwl's colour id. */
export function colourListAnswer(colours: FakeColour[]): Record<string, unknown> {
  return Object.fromEntries(
    colours.map((c) => [
      String(c.id),
      {
        id: String(c.id),
        name: c.name,
        hex: c.hex,
        peeron_names: [],
        ldraw_ids: [],
        bl_ids: c.blIds.map(String),
        bl_names: c.blIds.length > 0 ? [c.name] : [],
        lego_colors: [],
      },
    ]),
  );
}
