/**
 * A small real slice of the brick catalog for the demo: colours with their BrickLink and
 * Rebrickable ids, part categories and themes with their Rebrickable ids, and moulds named and
 * numbered as on BrickLink. The catalog's parts carry Rebrickable's number and name (the catalog
 * import's source), so importing a real Rebrickable dump matches the demo rows instead of renaming
 * them. An id left null is one the demo does not know for sure: such a row is never matched.
 */

/** Where Rebrickable's pictures are (a set's is `sets/<set number>.jpg`). */
export const REBRICKABLE_MEDIA = 'https://cdn.rebrickable.com/media';

export function isTransparentColour(name: string): boolean {
  return name.startsWith('Trans-');
}

/** [name, BrickLink id, Rebrickable id, hex] */
export const COLOURS: [string, number, number, string][] = [
  ['White', 1, 15, 'FFFFFF'],
  ['Black', 11, 0, '05131D'],
  ['Red', 5, 4, 'C91A09'],
  ['Blue', 7, 1, '0055BF'],
  ['Yellow', 3, 14, 'F2CD37'],
  ['Green', 6, 2, '237841'],
  ['Tan', 2, 19, 'E4CD9E'],
  ['Orange', 4, 25, 'FE8A18'],
  ['Light Bluish Gray', 86, 71, 'A0A5A9'],
  ['Dark Bluish Gray', 85, 72, '6C6E68'],
  ['Reddish Brown', 88, 70, '582A12'],
  ['Dark Tan', 69, 28, '958A73'],
  ['Dark Red', 59, 320, '720E0F'],
  ['Dark Blue', 63, 272, '0A3463'],
  ['Dark Green', 80, 288, '184632'],
  ['Bright Green', 36, 10, '4B9F4A'],
  ['Lime', 34, 27, 'BBE90B'],
  ['Medium Blue', 42, 73, '5A93DB'],
  ['Dark Azure', 153, 321, '078BC9'],
  ['Medium Azure', 156, 322, '36AEBF'],
  ['Sand Green', 48, 378, 'A0BCAC'],
  ['Sand Blue', 55, 379, '6074A1'],
  ['Dark Orange', 68, 484, 'A95500'],
  ['Light Gray', 9, 7, '9BA19D'],
  ['Dark Gray', 10, 8, '6D6E5C'],
  ['Brown', 8, 6, '583927'],
  ['Magenta', 71, 26, '923978'],
  ['Dark Pink', 47, 5, 'C870A0'],
  ['Bright Pink', 104, 29, 'E4ADC8'],
  ['Medium Lavender', 157, 30, 'AC78BA'],
  ['Lavender', 154, 31, 'E1D5ED'],
  ['Bright Light Orange', 110, 191, 'F8BB3D'],
  ['Bright Light Yellow', 103, 226, 'FFF03A'],
  ['Olive Green', 155, 330, '9B9A5A'],
  ['Nougat', 28, 92, 'D09168'],
  ['Medium Nougat', 150, 84, 'AA7D55'],
  ['Pearl Gold', 115, 297, 'AA7F2E'],
  ['Trans-Clear', 12, 47, 'FCFCFC'],
  ['Trans-Red', 17, 36, 'C91A09'],
  ['Trans-Dark Blue', 14, 33, '0020A0'],
];

/**
 * [name, parent index or null, Rebrickable part category id]; ids are position + 1. Rebrickable's
 * categories are flat: the parents here (and 'Technic') are the demo's own grouping.
 */
export const CATEGORIES: [string, number | null, number | null][] = [
  ['Bricks', null, 11], // 1
  ['Plates', null, 14], // 2
  ['Tiles', null, 19], // 3
  ['Bricks Sloped', 1, 3], // 4
  ['Bricks Round and Cones', 1, 20], // 5
  ['Technic', null, null], // 6
  ['Technic Bricks', 6, 8], // 7
  ['Technic Beams', 6, 51], // 8
  ['Technic Axles', 6, 46], // 9
  ['Technic Pins', 6, 53], // 10
  ['Technic Gears', 6, 52], // 11
  ['Technic Bushes', 6, 54], // 12
  ['Plates Special', 2, 9], // 13
  ['Plates Round Curved and Dishes', 2, 21], // 14
];

/** [name, parent index or null, Rebrickable theme id]; ids are position + 1. */
export const THEMES: [string, number | null, number | null][] = [
  ['Classic', null, 621], // 1
  ['City', null, 52], // 2
  ['Police', 2, 61], // 3
  ['Creator', null, null], // 4
  ['Creator 3-in-1', 4, null], // 5
];

/** [mould id, name, BrickLink / Rebrickable part number, category id] */
export const PART_MOULDS: [number, string, string, number][] = [
  [3001, 'Brick 2 x 4', '3001', 1],
  [3002, 'Brick 2 x 3', '3002', 1],
  [3003, 'Brick 2 x 2', '3003', 1],
  [3004, 'Brick 1 x 2', '3004', 1],
  [3005, 'Brick 1 x 1', '3005', 1],
  [3010, 'Brick 1 x 4', '3010', 1],
  [3009, 'Brick 1 x 6', '3009', 1],
  [3008, 'Brick 1 x 8', '3008', 1],
  [3622, 'Brick 1 x 3', '3622', 1],
  [2456, 'Brick 2 x 6', '2456', 1],
  [3007, 'Brick 2 x 8', '3007', 1],
  [3006, 'Brick 2 x 10', '3006', 1],
  [2357, 'Brick 2 x 2 Corner', '2357', 1],
  [3024, 'Plate 1 x 1', '3024', 2],
  [3023, 'Plate 1 x 2', '3023', 2],
  [3623, 'Plate 1 x 3', '3623', 2],
  [3710, 'Plate 1 x 4', '3710', 2],
  [3666, 'Plate 1 x 6', '3666', 2],
  [3460, 'Plate 1 x 8', '3460', 2],
  [4477, 'Plate 1 x 10', '4477', 2],
  [3022, 'Plate 2 x 2', '3022', 2],
  [3021, 'Plate 2 x 3', '3021', 2],
  [3020, 'Plate 2 x 4', '3020', 2],
  [3795, 'Plate 2 x 6', '3795', 2],
  [3034, 'Plate 2 x 8', '3034', 2],
  [3832, 'Plate 2 x 10', '3832', 2],
  [2420, 'Plate 2 x 2 Corner', '2420', 2],
  [3031, 'Plate 4 x 4', '3031', 2],
  [3032, 'Plate 4 x 6', '3032', 2],
  [3958, 'Plate 6 x 6', '3958', 2],
  [3794, 'Plate, Modified 1 x 2 with 1 Stud with Groove (Jumper)', '3794b', 13],
  [
    15573,
    'Plate, Modified 1 x 2 with 1 Stud with Groove and Bottom Stud Holder (Jumper)',
    '15573',
    13,
  ],
  [4073, 'Plate, Round 1 x 1 Straight Side', '4073', 14],
  [4032, 'Plate, Round 2 x 2 with Axle Hole', '4032', 14],
  [3070, 'Tile 1 x 1 with Groove', '3070b', 3],
  [3069, 'Tile 1 x 2 with Groove', '3069b', 3],
  [63864, 'Tile 1 x 3', '63864', 3],
  [2431, 'Tile 1 x 4', '2431', 3],
  [3068, 'Tile 2 x 2 with Groove', '3068b', 3],
  [87079, 'Tile 2 x 4', '87079', 3],
  [3040, 'Slope 45 2 x 1', '3040b', 4],
  [3039, 'Slope 45 2 x 2', '3039', 4],
  [3038, 'Slope 45 2 x 3', '3038', 4],
  [3037, 'Slope 45 2 x 4', '3037', 4],
  [3298, 'Slope 33 3 x 2', '3298', 4],
  [3665, 'Slope, Inverted 45 2 x 1', '3665', 4],
  [3660, 'Slope, Inverted 45 2 x 2', '3660', 4],
  [3062, 'Brick, Round 1 x 1 Open Stud', '3062b', 5],
  [3941, 'Brick, Round 2 x 2 with Axle Hole', '3941', 5],
  [3700, 'Technic, Brick 1 x 2 with Hole', '3700', 7],
  [3701, 'Technic, Brick 1 x 4 with Holes', '3701', 7],
  [3894, 'Technic, Brick 1 x 6 with Holes', '3894', 7],
  [3702, 'Technic, Brick 1 x 8 with Holes', '3702', 7],
  [32523, 'Technic, Liftarm Thick 1 x 3', '32523', 8],
  [32316, 'Technic, Liftarm Thick 1 x 5', '32316', 8],
  [32524, 'Technic, Liftarm Thick 1 x 7', '32524', 8],
  [32525, 'Technic, Liftarm Thick 1 x 11', '32525', 8],
  [32278, 'Technic, Liftarm Thick 1 x 15', '32278', 8],
  [32062, 'Technic, Axle 2 Notched', '32062', 9],
  [4519, 'Technic, Axle 3', '4519', 9],
  [3705, 'Technic, Axle 4', '3705', 9],
  [3706, 'Technic, Axle 6', '3706', 9],
  [3707, 'Technic, Axle 8', '3707', 9],
  [2780, 'Technic, Pin with Friction Ridges Lengthwise and Center Slots', '2780', 10],
  [6558, 'Technic, Pin 3L with Friction Ridges Lengthwise', '6558', 10],
  [3673, 'Technic, Pin without Friction Ridges', '3673', 10],
  [3647, 'Technic, Gear 8 Tooth', '3647', 11],
  [3648, 'Technic, Gear 24 Tooth', '3648b', 11],
  [3713, 'Technic Bush', '3713', 12],
];

/**
 * Rebrickable's number and name of the parts whose BrickLink number or name (above) differs;
 * every other part has the same number and name on both.
 */
export const REBRICKABLE_PARTS: Record<string, [string, string]> = {
  '3794b': ['3794b', 'Plate Special 1 x 2 with 1 Stud with Groove (Jumper)'],
  '15573': ['15573', 'Plate Special 1 x 2 with 1 Stud with Groove and Inside Stud Holder (Jumper)'],
  '4073': ['6141', 'Plate Round 1 x 1 with Solid Stud'],
  '4032': ['4032a', 'Plate Round 2 x 2 with Axle Hole Type 1 (+ Opening)'],
  '3040b': ['3040b', 'Slope 45° 2 x 1 with Bottom Pin'],
  '3039': ['3039', 'Slope 45° 2 x 2'],
  '3038': ['3038', 'Slope 45° 2 x 3'],
  '3037': ['3037', 'Slope 45° 2 x 4'],
  '3298': ['3298', 'Slope 33° 3 x 2'],
  '3665': ['3665', 'Slope Inverted 45° 2 x 1'],
  '3660': ['3660', 'Slope Inverted 45° 2 x 2'],
  '3062b': ['3062b', 'Brick Round 1 x 1 Open Stud'],
  '3941': ['3941', 'Brick Round 2 x 2 with Axle Hole'],
  '3700': ['3700', 'Technic Brick 1 x 2 [1 Pin Hole]'],
  '3701': ['3701', 'Technic Brick 1 x 4 [3 Pin Holes]'],
  '3894': ['3894', 'Technic Brick 1 x 6 [5 Pin Holes]'],
  '3702': ['3702', 'Technic Brick 1 x 8 [7 Pin Holes]'],
  '32523': ['32523', 'Technic Beam 1 x 3 Thick'],
  '32316': ['32316', 'Technic Beam 1 x 5 Thick'],
  '32524': ['32524', 'Technic Beam 1 x 7 Thick'],
  '32525': ['32525', 'Technic Beam 1 x 11 Thick'],
  '32278': ['32278', 'Technic Beam 1 x 15 Thick'],
  '32062': ['32062', 'Technic Axle 2 Notched'],
  '4519': ['4519', 'Technic Axle 3'],
  '3705': ['3705', 'Technic Axle 4'],
  '3706': ['3706', 'Technic Axle 6'],
  '3707': ['3707', 'Technic Axle 8'],
  '2780': ['2780', 'Technic Pin with Friction Ridges Lengthwise and Center Slots'],
  '6558': ['6558', 'Technic Pin Long with Friction Ridges Lengthwise, 2 Center Slots'],
  '3673': ['3673', 'Technic Pin without Friction Ridges Lengthwise'],
  '3647': ['3647', 'Technic Gear 8 Tooth'],
  '3648b': ['3648b', 'Technic Gear 24 Tooth [New Style with Single Axle Hole]'],
};

/** A demo part's Rebrickable number and name. */
export function rebrickablePart(blNumber: string, blName: string): [string, string] {
  return REBRICKABLE_PARTS[blNumber] ?? [blNumber, blName];
}

/** [mould id, name, set number, theme id, year, parts] */
export const SET_MOULDS: [number, string, string, number, number, number][] = [
  [10696, 'Medium Creative Brick Box', '10696-1', 1, 2015, 484],
  [60312, 'Police Car', '60312-1', 3, 2022, 94],
  [31058, 'Mighty Dinosaurs', '31058-1', 5, 2017, 174],
];
